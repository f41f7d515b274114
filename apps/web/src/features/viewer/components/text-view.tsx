import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useViewText } from '../api';
import { ViewerError } from './viewer-error';

/** Plain text and CSV, as the text they are (never as HTML). */
export function TextView({ fileVersionId }: { fileVersionId: number }) {
  const { t } = useTranslation();
  const text = useViewText(fileVersionId);
  if (text.error) return <ViewerError error={text.error} />;
  if (text.data === undefined) return <Spin style={{ display: 'block', margin: 48 }} />;
  return (
    <div
      tabIndex={0}
      role="region"
      aria-label={t('viewer.pages')}
      style={{ height: '100%', overflow: 'auto', background: '#f5f5f5', padding: 24 }}
    >
      <pre
        id="viewer-text"
        style={{
          margin: '0 auto',
          maxWidth: 1100,
          background: '#fff',
          padding: 24,
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-word',
          fontSize: 13,
          boxShadow: '0 1px 4px rgba(0,0,0,0.12)',
        }}
      >
        {text.data}
      </pre>
    </div>
  );
}
