import { useState } from 'react';
import { DownloadOutlined, InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Space, Table, Upload, type UploadFile } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExcelRowError, ImportInvalidData } from '@edoc/contract/excel';
import type { DataRoute, RawRoute, RouteInput } from '@edoc/contract/route';
import type { z } from 'zod';
import { ApiError, call, callUpload, isApiError } from '../lib/api-client';
import { saveBlob } from '../lib/download';
import { showError } from '../lib/feedback';
import { Dialog } from './dialog';

/** An import: a workbook as multipart (field `file`), the scope or type in the query; and its sample's download. */
type ImportRoute = DataRoute & { multipart: z.ZodType; query: z.ZodType };
type SampleRoute = RawRoute & { query: z.ZodType };

/** A refused import: the server's message plus every wrong cell (400 import_invalid). */
export class ImportRefused extends ApiError {
  readonly rows: ExcelRowError[];
  constructor(msg: string, rows: ExcelRowError[]) {
    super({ errorCode: 'import_invalid', msg, httpStatus: 400 });
    this.rows = rows;
  }
}

/** Uploads a workbook as multipart (field `file`); a refused import comes back with every wrong cell. */
export async function uploadWorkbook(route: ImportRoute, file: File, query?: unknown): Promise<unknown> {
  const body = new FormData();
  body.append('file', file, file.name);
  try {
    return await callUpload(route, body, { query });
  } catch (error) {
    if (isApiError(error) && error.errorCode === 'import_invalid')
      throw new ImportRefused(error.msg, (error.data as ImportInvalidData | null)?.errors ?? []);
    throw error;
  }
}

export interface ExcelImportProps<R extends ImportRoute> {
  /** Stable id prefix: the button is `#<id>`, the dialog's parts `#<id>-…`. */
  id: string;
  title: string;
  importRoute: R;
  sampleRoute: SampleRoute;
  sampleFileName: string;
  /**
   * Extra query fields for both calls (e.g. the template type and name), as the import takes them; any may still be
   * empty, since the sample is fetched before the form is complete (validate refuses an import that lacks one).
   */
  query?: Partial<RouteInput<R>['query']>;
  /** Checked before uploading; return a message to refuse (e.g. a name still missing). */
  validate?: () => string | null;
  onImported: (imported: unknown) => void;
  /** Rendered above the file box, e.g. the fields the import needs. */
  children?: React.ReactNode;
  disabled?: boolean;
}

/** An "Import" button opening a dialog: download the sample, choose an .xlsx, see every wrong cell if refused. */
export function ExcelImport<R extends ImportRoute>(props: ExcelImportProps<R>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [rows, setRows] = useState<ExcelRowError[] | null>(null);
  const [summary, setSummary] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setOpen(false);
    setFile(null);
    setRows(null);
    setSummary(null);
  };

  const downloadSample = async () => {
    try {
      saveBlob(await call(props.sampleRoute, { query: props.query }), props.sampleFileName);
    } catch (error) {
      showError(error);
    }
  };

  const submit = async () => {
    const problem = props.validate?.() ?? null;
    if (problem) {
      setSummary(problem);
      return;
    }
    if (!file) {
      setSummary(t('excelImport.chooseFile'));
      return;
    }
    setBusy(true);
    setRows(null);
    setSummary(null);
    try {
      const result = await uploadWorkbook(props.importRoute, file, props.query);
      void message.success(t('excelImport.done'));
      props.onImported(result);
      close();
    } catch (error) {
      if (error instanceof ImportRefused) setRows(error.rows);
      setSummary(error instanceof ApiError ? error.msg : t('excelImport.failed'));
    } finally {
      setBusy(false);
    }
  };

  const fileList: UploadFile[] = file ? [{ uid: '1', name: file.name, status: 'done' }] : [];

  return (
    <>
      <Button id={props.id} icon={<UploadOutlined />} disabled={props.disabled} onClick={() => setOpen(true)}>
        {t('excelImport.button')}
      </Button>
      <Dialog
        open={open}
        title={props.title}
        okText={t('excelImport.submit')}
        cancelText={t('common.cancel')}
        okButtonProps={{ id: `${props.id}-ok` }}
        confirmLoading={busy}
        onOk={() => void submit()}
        onCancel={close}
        width={720}
        destroyOnHidden
      >
        <Space orientation="vertical" style={{ width: '100%' }}>
          {props.children}
          <Button
            id={`${props.id}-sample`}
            type="link"
            icon={<DownloadOutlined />}
            onClick={() => void downloadSample()}
          >
            {t('excelImport.sample')}
          </Button>
          <Upload.Dragger
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            maxCount={1}
            fileList={fileList}
            beforeUpload={(chosen) => {
              setFile(chosen);
              setRows(null);
              setSummary(null);
              return false; // uploaded on OK, not at once
            }}
            onRemove={() => setFile(null)}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p>{t('excelImport.drop')}</p>
            <p className="ant-upload-hint">{t('excelImport.hint')}</p>
          </Upload.Dragger>
          {summary && <Alert id={`${props.id}-message`} type="error" showIcon title={summary} />}
          {rows && rows.length > 0 && (
            <Table<ExcelRowError & { key: number }>
              id={`${props.id}-errors`}
              size="small"
              pagination={rows.length > 10 ? { pageSize: 10 } : false}
              dataSource={rows.map((r, key) => ({ ...r, key }))}
              columns={[
                ...(rows.some((r) => r.sheet)
                  ? [{ title: t('excelImport.sheet'), dataIndex: 'sheet', width: 110 }]
                  : []),
                { title: t('excelImport.row'), dataIndex: 'row', width: 70 },
                { title: t('excelImport.column'), dataIndex: 'column', width: 140 },
                { title: t('excelImport.problem'), dataIndex: 'message' },
              ]}
            />
          )}
        </Space>
      </Dialog>
    </>
  );
}
