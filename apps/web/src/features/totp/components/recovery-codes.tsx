import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../../lib/download';
import { notify } from '../../../lib/feedback';

/**
 * The ten recovery codes, shown once (the server keeps only their hashes): listed, copied or saved as a text file
 * in the interface's language, with the warning that this is the only time they are shown.
 */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  const text = [t('totp.codesFileTitle'), t('totp.codesFileHint'), '', ...codes, ''].join('\r\n');
  const copy = () =>
    void navigator.clipboard
      ?.writeText(codes.join('\n'))
      .then(() => notify('success', t('totp.copied')))
      .catch(() => undefined);
  const download = () => saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), 'edoc-recovery-codes.txt');
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Alert type="warning" showIcon title={t('totp.codesOnce')} />
      <ol id="totp-recovery-codes" aria-label={t('totp.codesTitle')} style={{ columns: 2, fontFamily: 'monospace' }}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <Space wrap>
        <Button id="totp-codes-copy" icon={<CopyOutlined />} onClick={copy}>
          {t('totp.copy')}
        </Button>
        <Button id="totp-codes-download" icon={<DownloadOutlined />} onClick={download}>
          {t('totp.download')}
        </Button>
      </Space>
    </Space>
  );
}
