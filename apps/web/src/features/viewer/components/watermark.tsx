import { memo } from 'react';

const ROWS = 8;
const COLS = 5;

/**
 * Who is looking and when, repeated over the whole viewing area above the pages. It takes no pointer events
 * (clicks, selection and scrolling go through to the document) and sits in its own layer, so nothing in the
 * viewer closes or hides it; it scrolls with nothing, so every page passes under it. It is decoration to a screen
 * reader (issue 31): hidden from assistive technology, and inert, so it is no text a contrast check measures (its
 * faintness is the point: the page beneath must stay readable).
 */
export const Watermark = memo(function Watermark({ lines }: { lines: string[] }) {
  const tiles = [];
  for (let r = 0; r < ROWS; r++) {
    for (let c = 0; c < COLS; c++) {
      tiles.push(
        <div
          key={`${r}-${c}`}
          className="viewer-watermark-tile"
          style={{
            position: 'absolute',
            top: `${(r * 100) / ROWS + 4}%`,
            // Odd rows shift half a column, so the marks do not line up into empty stripes.
            left: `${((c + (r % 2) / 2) * 100) / COLS - 6}%`,
            transform: 'rotate(-28deg)',
            whiteSpace: 'nowrap',
            textAlign: 'center',
            fontSize: 14,
            lineHeight: 1.5,
            color: 'rgba(0, 0, 0, 0.13)',
          }}
        >
          {lines.map((line, i) => (
            <div key={i}>{line}</div>
          ))}
        </div>,
      );
    }
  }
  return (
    <div
      id="viewer-watermark"
      aria-hidden
      inert
      style={{
        position: 'absolute',
        inset: 0,
        overflow: 'hidden',
        pointerEvents: 'none',
        userSelect: 'none',
        zIndex: 20,
      }}
    >
      {tiles}
    </div>
  );
});
