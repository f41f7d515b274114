import { memo, useEffect, useRef, useState } from 'react';
import type { PdfHandle, PdfPageSize } from '../pdf-engine';
import { markBoxes, type MarkBox } from '../text-marks';

/** Widths of text in a common sans-serif face, to place a word inside a run of text; none where there is no canvas. */
function textMeasure(): ((text: string) => number) | undefined {
  const context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext?.('2d');
  if (!context) return undefined;
  context.font = '100px sans-serif';
  return (text) => context.measureText(text).width;
}

/**
 * One page as a placeholder of the right size whose canvas is drawn only while it is near the visible area,
 * and released when it scrolls far away: a 500-page file holds a handful of canvases, and page 1 draws first.
 */
export const PdfPage = memo(function PdfPage(props: {
  pdf: PdfHandle;
  pageNo: number;
  scale: number;
  size: PdfPageSize;
  root: HTMLElement | null;
  /** Extra distance around the visible area within which pages are drawn. */
  margin?: string;
  highlighted?: boolean;
  /** Words to mark where they are on the page (a search's), over the drawing. */
  marks?: string | null;
  id?: string;
  onClick?: () => void;
  /** Told the page's real size once it comes near (placeholders assume the size of page 1 until then). */
  onSize?: (pageNo: number, size: PdfPageSize) => void;
}) {
  const { pdf, pageNo, scale, size, root, margin = '600px 0px', highlighted, marks, id, onClick, onSize } = props;
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [near, setNear] = useState(typeof IntersectionObserver === 'undefined');
  const [boxes, setBoxes] = useState<MarkBox[]>([]);

  useEffect(() => {
    const el = box.current;
    if (!el || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver((entries) => setNear(entries.some((e) => e.isIntersecting)), {
      root,
      rootMargin: margin,
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [root, margin]);

  useEffect(() => {
    if (!near || !onSize) return undefined;
    let gone = false;
    pdf.pageSize(pageNo).then(
      (s) => !gone && onSize(pageNo, s),
      () => undefined,
    );
    return () => {
      gone = true;
    };
  }, [near, pdf, pageNo, onSize]);

  useEffect(() => {
    const c = canvas.current;
    if (!near || !c) return undefined;
    const job = pdf.render(pageNo, c, scale);
    job.done.catch(() => undefined); // a page that cannot be drawn stays blank; the others go on
    return () => {
      job.cancel();
      // Frees the bitmap: a canvas of a page far away is the viewer's biggest memory cost.
      c.width = 0;
      c.height = 0;
    };
  }, [near, pdf, pageNo, scale]);

  useEffect(() => {
    if (!near || !marks) {
      setBoxes([]);
      return undefined;
    }
    let gone = false;
    pdf.pageRuns(pageNo).then(
      (runs) => !gone && setBoxes(markBoxes(runs, marks, textMeasure())),
      () => !gone && setBoxes([]),
    );
    return () => {
      gone = true;
    };
  }, [near, marks, pdf, pageNo]);

  return (
    <div
      ref={box}
      id={id}
      data-page={pageNo}
      onClick={onClick}
      style={{
        width: Math.floor(size.width * scale),
        height: Math.floor(size.height * scale),
        margin: '0 auto',
        background: '#fff',
        boxShadow: highlighted ? '0 0 0 3px #1677ff' : '0 1px 4px rgba(0,0,0,0.18)',
        position: 'relative',
        cursor: onClick ? 'pointer' : undefined,
      }}
    >
      {near ? <canvas ref={canvas} style={{ display: 'block' }} /> : null}
      {boxes.map((b, i) => (
        <div
          key={i}
          className="viewer-mark"
          data-mark={pageNo}
          style={{
            position: 'absolute',
            left: b.x * scale,
            top: b.y * scale,
            width: b.width * scale,
            height: b.height * scale,
            background: 'rgba(255, 196, 0, 0.45)',
            mixBlendMode: 'multiply',
            pointerEvents: 'none',
          }}
        />
      ))}
    </div>
  );
});
