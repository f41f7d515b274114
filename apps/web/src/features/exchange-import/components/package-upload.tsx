import { useState } from 'react';
import { InboxOutlined } from '@ant-design/icons';
import { Alert, Space, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { UploadProgress } from '../../../components/upload-progress';

/** Why a chosen file is refused before a byte is sent, or null when it may go. */
export function packageRefusal(file: { name: string; size: number }, maxBytes: number): 'notZip' | 'tooLarge' | null {
  if (!/\.zip$/i.test(file.name)) return 'notZip';
  if (file.size > maxBytes) return 'tooLarge';
  return null;
}

const mib = (bytes: number) => Math.floor(bytes / (1024 * 1024));

/**
 * "Import EMS package": a .zip dropped or chosen goes to the server at once, with its progress. A file that is not a
 * zip or is larger than the server takes is refused here with a message saying so (the server refuses it too), so
 * nobody waits for an upload of gigabytes that would be turned away.
 */
export function PackageUpload(props: {
  maxBytes: number;
  disabled?: boolean;
  upload: (file: File, onProgress: (fraction: number) => void) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [percent, setPercent] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const send = async (file: File) => {
    const refused = packageRefusal(file, props.maxBytes);
    if (refused) {
      setProblem(t(`exchangeImport.upload.${refused}`, { name: file.name, max: mib(props.maxBytes) }));
      return;
    }
    setProblem(null);
    setPercent(0);
    try {
      await props.upload(file, (fraction) => setPercent(Math.round(fraction * 100)));
    } catch (error) {
      setProblem(isApiError(error) ? error.msg : t('exchangeImport.upload.failed'));
    } finally {
      setPercent(null);
    }
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Upload.Dragger
        id="exchange-import-upload"
        accept=".zip,application/zip"
        multiple={false}
        showUploadList={false}
        disabled={props.disabled || percent !== null}
        beforeUpload={(file) => {
          void send(file);
          return false; // sent by send(), with its progress, not by antd
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p>{t('exchangeImport.upload.drop')}</p>
        <p className="ant-upload-hint">{t('exchangeImport.upload.hint', { max: mib(props.maxBytes) })}</p>
      </Upload.Dragger>
      {percent !== null ? (
        <UploadProgress id="exchange-import-progress" percent={percent} label={t('exchangeImport.upload.progress')} />
      ) : null}
      {problem ? <Alert id="exchange-import-upload-error" type="error" showIcon title={problem} /> : null}
    </Space>
  );
}
