import { useEffect, type RefObject } from 'react';

/**
 * A table that scrolls sideways is scrolled by the keyboard too (WCAG 2.1.1; axe's scrollable-region-focusable): its
 * scrolling box, which antd draws without a way to set its attributes, takes focus (then the arrow keys scroll it)
 * and is named. Needed where the table holds nothing focusable of its own (rows of plain text). Runs after every
 * render: antd may draw the box again.
 */
export function useKeyboardScroll(box: RefObject<HTMLElement | null>, label: string) {
  useEffect(() => {
    const scroller = box.current?.querySelector<HTMLElement>('.ant-table-content, .ant-table-body');
    if (!scroller) return;
    scroller.tabIndex = 0;
    scroller.setAttribute('role', 'region');
    scroller.setAttribute('aria-label', label);
  });
}
