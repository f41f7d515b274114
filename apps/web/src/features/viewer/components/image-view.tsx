import { useState } from 'react';
import { Button, Flex, Spin, Tooltip } from 'antd';
import { RotateLeftOutlined, RotateRightOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useObjectUrl } from '../../../lib/use-object-url';
import { useViewBlob } from '../api';
import { ViewerError } from './viewer-error';

const ZOOMS = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 3, 4];

/** An image, shown from a blob (an <img> cannot carry the token), with zoom and quarter-turn rotation. */
export function ImageView({ fileVersionId, alt }: { fileVersionId: number; alt: string }) {
  const { t } = useTranslation();
  const blob = useViewBlob(fileVersionId);
  const [zoom, setZoom] = useState(3);
  const [rotation, setRotation] = useState(0);
  const src = useObjectUrl(blob.data);

  if (blob.error) return <ViewerError error={blob.error} />;
  if (!src) return <Spin style={{ display: 'block', margin: 48 }} />;
  const scale = ZOOMS[zoom];
  // A quarter turn swaps width and height; the margin keeps the turned image inside the scroll area.
  const quarter = rotation % 180 !== 0;
  return (
    <Flex vertical style={{ height: '100%' }}>
      <Flex gap={4} justify="center" style={{ padding: 8, borderBottom: '1px solid #f0f0f0', background: '#fff' }}>
        <Tooltip title={t('viewer.zoomOut')}>
          <Button
            id="viewer-zoom-out"
            icon={<ZoomOutOutlined />}
            aria-label={t('viewer.zoomOut')}
            disabled={zoom === 0}
            onClick={() => setZoom((z) => Math.max(0, z - 1))}
          />
        </Tooltip>
        <Button id="viewer-zoom-reset" onClick={() => setZoom(3)}>
          {Math.round(scale * 100)}%
        </Button>
        <Tooltip title={t('viewer.zoomIn')}>
          <Button
            id="viewer-zoom-in"
            icon={<ZoomInOutlined />}
            aria-label={t('viewer.zoomIn')}
            disabled={zoom === ZOOMS.length - 1}
            onClick={() => setZoom((z) => Math.min(ZOOMS.length - 1, z + 1))}
          />
        </Tooltip>
        <Tooltip title={t('viewer.rotateLeft')}>
          <Button
            id="viewer-rotate-left"
            icon={<RotateLeftOutlined />}
            aria-label={t('viewer.rotateLeft')}
            onClick={() => setRotation((r) => (r + 270) % 360)}
          />
        </Tooltip>
        <Tooltip title={t('viewer.rotateRight')}>
          <Button
            id="viewer-rotate-right"
            icon={<RotateRightOutlined />}
            aria-label={t('viewer.rotateRight')}
            onClick={() => setRotation((r) => (r + 90) % 360)}
          />
        </Tooltip>
      </Flex>
      <div
        tabIndex={0}
        role="region"
        aria-label={t('viewer.pages')}
        style={{ flex: 1, overflow: 'auto', background: '#f5f5f5', textAlign: 'center', padding: 24 }}
      >
        <img
          id="viewer-image"
          src={src}
          alt={alt}
          draggable={false}
          style={{
            transform: `scale(${scale}) rotate(${rotation}deg)`,
            transformOrigin: 'center center',
            margin: quarter ? '15% 0' : 0,
            maxWidth: 'none',
            transition: 'transform 0.15s',
          }}
        />
      </div>
    </Flex>
  );
}
