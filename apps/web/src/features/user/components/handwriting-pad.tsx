import { useRef, useState, type PointerEvent } from 'react';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

interface HandwritingPadProps {
  saving: boolean;
  /** The drawing as a PNG. */
  onSave: (png: Blob) => void;
}

const WIDTH = 480;
const HEIGHT = 180;

/** A canvas to draw a signature on with mouse, pen or finger; the drawing is handed over as a PNG. */
export function HandwritingPad({ saving, onSave }: HandwritingPadProps) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  const [inked, setInked] = useState(false);

  const pointOf = (e: PointerEvent<HTMLCanvasElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    // The canvas may be shown smaller than its drawing size on a narrow screen.
    const sx = box.width ? WIDTH / box.width : 1;
    const sy = box.height ? HEIGHT / box.height : 1;
    return { x: (e.clientX - box.left) * sx, y: (e.clientY - box.top) * sy };
  };

  const stroke = (to: { x: number; y: number }) => {
    const ctx = canvas.current?.getContext('2d');
    const from = last.current ?? to;
    if (ctx) {
      ctx.strokeStyle = '#1f1f1f';
      ctx.lineWidth = 2.5;
      ctx.lineCap = 'round';
      ctx.lineJoin = 'round';
      ctx.beginPath();
      ctx.moveTo(from.x, from.y);
      ctx.lineTo(to.x + 0.01, to.y);
      ctx.stroke();
    }
    last.current = to;
    setInked(true);
  };

  const clear = () => {
    canvas.current?.getContext('2d')?.clearRect(0, 0, WIDTH, HEIGHT);
    last.current = null;
    setInked(false);
  };

  const save = () => canvas.current?.toBlob((blob) => blob && onSave(blob), 'image/png');

  return (
    <Flex vertical gap={8} align="flex-start">
      <Typography.Text type="secondary">{t('handwriting.drawHelp')}</Typography.Text>
      <canvas
        id="signature-canvas"
        ref={canvas}
        width={WIDTH}
        height={HEIGHT}
        aria-label={t('handwriting.canvasLabel')}
        role="img"
        style={{
          border: '1px dashed #bfbfbf',
          borderRadius: 6,
          maxWidth: '100%',
          touchAction: 'none',
          background: '#fff',
        }}
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture?.(e.pointerId);
          last.current = null;
          stroke(pointOf(e));
        }}
        onPointerMove={(e) => {
          if (last.current) stroke(pointOf(e));
        }}
        onPointerUp={() => {
          last.current = null;
        }}
        onPointerLeave={() => {
          last.current = null;
        }}
      />
      <Flex gap={8}>
        <Button id="signature-clear" onClick={clear} disabled={!inked}>
          {t('handwriting.clear')}
        </Button>
        <Button id="signature-draw-save" type="primary" onClick={save} disabled={!inked} loading={saving}>
          {t('handwriting.saveDrawing')}
        </Button>
      </Flex>
    </Flex>
  );
}
