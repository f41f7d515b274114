import { useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';

/** A click on these belongs to the control, not to the row (checkbox, buttons, links, menus, inputs). */
const CONTROLS = 'button, a, input, label, textarea, .ant-checkbox-wrapper, .ant-table-selection-column, .ant-dropdown';

export interface TableKeyHandlers<Row> {
  rows: Row[];
  /** Enter, or a click on the row outside its controls. */
  onOpen: (row: Row) => void;
  /** Enter alone, when it does more than open (the file list: on the row already open, into its panel). */
  onEnter?: (row: Row) => void;
  /** The Delete key: the handler asks for confirmation. */
  onDelete?: (row: Row) => void;
  /** Space: select or unselect the row. */
  onToggle?: (row: Row) => void;
  /** Escape: closes what the list opened (the side panel). */
  onEscape?: () => void;
  /** Whether a moving cursor also opens the row it lands on (the side panel follows the cursor while open). */
  follow?: boolean;
}

/**
 * Keyboard use of a list (issue 12): arrow keys move a cursor through the rows, Enter opens, Space selects,
 * Delete deletes after confirmation, Home and End jump, Escape closes what Enter opened. The table's wrapper takes the focus; a click on a row
 * puts the cursor there and focuses it, so the keys go on from where the pointer was.
 */
export function useTableKeys<Row>({
  rows,
  onOpen,
  onEnter = onOpen,
  onDelete,
  onToggle,
  onEscape,
  follow,
}: TableKeyHandlers<Row>) {
  const [cursor, setCursor] = useState<number | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const at = cursor === null ? null : Math.min(cursor, rows.length - 1);

  const moveTo = (index: number) => {
    if (rows.length === 0) return;
    const next = Math.max(0, Math.min(rows.length - 1, index));
    setCursor(next);
    box.current?.querySelectorAll('tr.ant-table-row')[next]?.scrollIntoView?.({ block: 'nearest' });
    if (follow) onOpen(rows[next]);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Only keys pressed on the list itself: Enter or Space on a focused button or checkbox inside it are theirs.
    if (event.target !== box.current) return;
    const row = at === null || at < 0 ? null : rows[at];
    const keys: Record<string, () => void> = {
      ArrowDown: () => moveTo(at === null ? 0 : at + 1),
      ArrowUp: () => moveTo(at === null ? 0 : at - 1),
      Home: () => moveTo(0),
      End: () => moveTo(rows.length - 1),
      Enter: () => row && onEnter(row),
      ' ': () => row && onToggle?.(row),
      Delete: () => row && onDelete?.(row),
      Escape: () => onEscape?.(),
    };
    const act = keys[event.key];
    if (!act) return;
    event.preventDefault();
    act();
  };

  /** The row's click and classes; `extra` adds one (the open row's). */
  const rowProps = (row: Row, index: number, extra?: string) => ({
    onClick: (event: MouseEvent) => {
      if ((event.target as HTMLElement).closest(CONTROLS)) return;
      setCursor(index);
      box.current?.focus({ preventScroll: true });
      onOpen(row);
    },
    className: [index === at ? 'table-row-cursor' : '', extra ?? ''].join(' ').trim() || undefined,
  });

  return { box, cursor: at, onKeyDown, rowProps };
}
