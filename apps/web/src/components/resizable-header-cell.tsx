import { useRef, type MouseEvent as ReactMouseEvent, type ThHTMLAttributes } from 'react';

export interface ResizableCellProps extends ThHTMLAttributes<HTMLTableCellElement> {
  /** The column's width now; without it (or onResize) the cell is an ordinary header cell. */
  width?: number;
  onResize?: (width: number) => void;
  /** The label of the drag handle for screen readers ("Resize File name"). */
  resizeLabel?: string;
}

const MIN = 60;
const MAX = 640;

/**
 * A table header cell whose right edge drags to a new width (antd's Table has no column resizing of its own):
 * used through the table's `components.header.cell`, each column passing its width and onResize in
 * onHeaderCell. The width is given back once, when the drag ends, so the saved layout is written once.
 */
export function ResizableHeaderCell({ width, onResize, resizeLabel, children, ...rest }: ResizableCellProps) {
  const cell = useRef<HTMLTableCellElement>(null);
  if (!width || !onResize) return <th {...rest}>{children}</th>;

  const startDrag = (event: ReactMouseEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const x = event.clientX;
    const from = cell.current?.offsetWidth || width;
    const widthAt = (e: MouseEvent) => Math.round(Math.max(MIN, Math.min(MAX, from + e.clientX - x)));
    // While dragging the cell follows the pointer directly; the table takes the width when the button is let go.
    const move = (e: MouseEvent) => {
      if (cell.current) cell.current.style.width = `${widthAt(e)}px`;
    };
    const end = (e: MouseEvent) => {
      window.removeEventListener('mousemove', move);
      window.removeEventListener('mouseup', end);
      onResize(widthAt(e));
    };
    window.addEventListener('mousemove', move);
    window.addEventListener('mouseup', end);
  };
  return (
    <th {...rest} ref={cell} style={{ ...rest.style, position: 'relative' }}>
      {children}
      <span
        role="separator"
        aria-orientation="vertical"
        aria-label={resizeLabel}
        className="column-resize-handle"
        onClick={(event) => event.stopPropagation()}
        onMouseDown={startDrag}
      />
    </th>
  );
}
