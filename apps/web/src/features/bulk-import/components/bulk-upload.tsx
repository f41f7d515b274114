import { useState } from 'react';
import { DownloadOutlined, InboxOutlined, PaperClipOutlined } from '@ant-design/icons';
import { Alert, Button, Space, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { UploadProgress } from '../../../components/upload-progress';

const mib = (bytes: number) => Math.floor(bytes / (1024 * 1024));

/** Why a chosen file is refused before a byte is sent, or null when it may go. */
export function bulkRefusal(
  file: { name: string; size: number },
  kind: 'zip' | 'sheet',
  maxBytes: number,
): 'notZip' | 'notSheet' | 'tooLarge' | null {
  if (kind === 'zip' && !/\.zip$/i.test(file.name)) return 'notZip';
  if (kind === 'sheet' && !/\.(xlsx|csv)$/i.test(file.name)) return 'notSheet';
  if (file.size > maxBytes) return 'tooLarge';
  return null;
}

/**
 * The zip of files (required) and a spreadsheet of their metadata (optional), chosen first and sent together with
 * the upload's progress: the server reads the spreadsheet beside the zip, so both go in one request.
 */
export function BulkUpload(props: {
  maxBytes: number;
  onTemplate: () => void;
  templatePending: boolean;
  upload: (zip: File, sheet: File | null, onProgress: (fraction: number) => void) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [zip, setZip] = useState<File | null>(null);
  const [sheet, setSheet] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const choose = (file: File, kind: 'zip' | 'sheet') => {
    const refused = bulkRefusal(file, kind, props.maxBytes);
    if (refused) {
      setProblem(t(`bulkImport.upload.${refused}`, { name: file.name, max: mib(props.maxBytes) }));
      return;
    }
    setProblem(null);
    if (kind === 'zip') setZip(file);
    else setSheet(file);
  };

  const send = async () => {
    if (!zip) return;
    setProblem(null);
    setPercent(0);
    try {
      await props.upload(zip, sheet, (fraction) => setPercent(Math.round(fraction * 100)));
    } catch (error) {
      setProblem(isApiError(error) ? error.msg : t('bulkImport.upload.failed'));
    } finally {
      setPercent(null);
    }
  };

  const busy = percent !== null;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <ul id="bulk-import-rules" style={{ margin: 0, paddingInlineStart: 20 }}>
        <li>{t('bulkImport.upload.ruleZip', { max: mib(props.maxBytes) })}</li>
        <li>{t('bulkImport.upload.ruleFiles')}</li>
        <li>{t('bulkImport.upload.ruleSheet')}</li>
        <li>{t('bulkImport.upload.ruleSuggest')}</li>
      </ul>
      <Button
        id="bulk-import-template"
        icon={<DownloadOutlined />}
        loading={props.templatePending}
        onClick={props.onTemplate}
      >
        {t('bulkImport.upload.template')}
      </Button>
      <Upload.Dragger
        id="bulk-import-zip"
        accept=".zip,application/zip"
        multiple={false}
        showUploadList={false}
        disabled={busy}
        beforeUpload={(file) => {
          choose(file, 'zip');
          return false; // sent by send(), with the spreadsheet and its progress, not by antd
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p>{zip ? t('bulkImport.upload.zipChosen', { name: zip.name }) : t('bulkImport.upload.drop')}</p>
        <p className="ant-upload-hint">{t('bulkImport.upload.hint', { max: mib(props.maxBytes) })}</p>
      </Upload.Dragger>
      <Space wrap>
        <Upload
          accept=".xlsx,.csv"
          multiple={false}
          showUploadList={false}
          disabled={busy}
          beforeUpload={(file) => {
            choose(file, 'sheet');
            return false;
          }}
        >
          <Button id="bulk-import-sheet" icon={<PaperClipOutlined />} disabled={busy}>
            {t('bulkImport.upload.sheet')}
          </Button>
        </Upload>
        {sheet ? (
          <>
            <Typography.Text id="bulk-import-sheet-name">{sheet.name}</Typography.Text>
            <Button
              id="bulk-import-sheet-remove"
              size="small"
              type="link"
              disabled={busy}
              aria-label={t('bulkImport.upload.sheetRemoveOf', { name: sheet.name })}
              onClick={() => setSheet(null)}
            >
              {t('bulkImport.upload.sheetRemove')}
            </Button>
          </>
        ) : (
          <Typography.Text type="secondary">{t('bulkImport.upload.sheetNone')}</Typography.Text>
        )}
      </Space>
      <Button id="bulk-import-send" type="primary" disabled={!zip || busy} loading={busy} onClick={() => void send()}>
        {t('bulkImport.upload.send')}
      </Button>
      {busy ? (
        <UploadProgress id="bulk-import-progress" percent={percent} label={t('bulkImport.upload.progress')} />
      ) : null}
      {problem ? <Alert id="bulk-import-upload-error" type="error" showIcon title={problem} /> : null}
    </Space>
  );
}
