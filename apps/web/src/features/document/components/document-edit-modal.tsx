import { useEffect, useState } from 'react';
import { App, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import type { FileRow } from '@edoc/contract/document';
import { nameCheckBody } from '@edoc/contract/document';
import { EnterSubmits } from '../../../components/enter-submits';
import { UploadProgress } from '../../../components/upload-progress';
import { showServerError } from '../../../lib/form-errors';
import { schemaRule } from '../../../lib/form-rules';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import { toFormData, useEditDocument } from '../api';
import { CountryField } from './country-field';
import { DatesAndComment, isoDay } from './dates-and-comment';
import { DOCUMENT_FIELD_ERRORS, fileRule, uniqueNameRule } from './document-form-modal';
import { useDuplicatesOf } from '../hooks/use-duplicates';
import { DuplicateNotice } from './duplicate-notice';
import { FilePicker } from './file-picker';
import { Dialog } from '../../../components/dialog';

interface EditValues {
  name?: string;
  fileCode?: string;
  versionNo?: string;
  effectiveDate?: Dayjs | null;
  expirationDate?: Dayjs | null;
  documentDate?: Dayjs | null;
  comment?: string;
  countryId?: number | null;
  file?: File;
}

/** 'version': a new file (and optionally its version number); 'meta': the document's details without a file. */
export type EditTarget = { mode: 'version' | 'meta'; row: FileRow };

export function DocumentEditModal(props: { target: EditTarget | null; allowedTypes: string[]; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<EditValues>();
  // The same content already filed (this document's own versions too) is named before it is filed again.
  const duplicates = useDuplicatesOf(Form.useWatch('file', form));
  const [progress, setProgress] = useState<number | null>(null);
  useRevalidateOnLanguage(form);
  const { target } = props;
  const mode = target?.mode;
  const row = target?.row;

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    setProgress(null);
    if (target.mode === 'meta') {
      const r = target.row;
      form.setFieldsValue({
        name: r.file_name,
        fileCode: r.file_code ?? '',
        effectiveDate: r.effective_date ? dayjs(r.effective_date) : null,
        expirationDate: r.expiration_date ? dayjs(r.expiration_date) : null,
        documentDate: r.documentDate ? dayjs(r.documentDate) : null,
        comment: r.comment ?? '',
        countryId: r.countryId,
      });
    }
  }, [target, form]);

  const save = useEditDocument({ silentError: true });
  const submit = (v: EditValues) => {
    setProgress(mode === 'version' ? 0 : null);
    const fields =
      mode === 'version'
        ? { fileId: row!.fileId, versionNo: v.versionNo?.trim() || undefined }
        : {
            fileId: row!.fileId,
            name: v.name?.trim(),
            fileCode: v.fileCode?.trim() ?? '',
            effectiveDate: isoDay(v.effectiveDate),
            expirationDate: isoDay(v.expirationDate),
            documentDate: isoDay(v.documentDate),
            comment: v.comment?.trim() ?? '',
            // Sent only when changed ('' clears it: a trial-level document again), so a site document's edit never
            // names a country the server would refuse.
            countryId: (v.countryId ?? null) === row!.countryId ? undefined : (v.countryId ?? ''),
          };
    const onProgress = (f: number) => setProgress(Math.round(f * 100));
    save.mutate(
      { form: toFormData(fields, mode === 'version' ? v.file : undefined), onProgress },
      {
        onSuccess: (data) => {
          void message.success(
            mode === 'version' ? t('document.versionSaved', { version: data.versionNo }) : t('common.saved'),
          );
          props.onClose();
        },
        onError: (error) => {
          setProgress(null);
          showServerError(form, error, DOCUMENT_FIELD_ERRORS);
        },
      },
    );
  };

  const title = row
    ? t(mode === 'version' ? 'document.newVersionTitle' : 'document.editMetaTitle', { name: row.file_name })
    : '';
  const fileLabel = t('document.field.file');
  return (
    <Dialog
      open={target !== null}
      title={title}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: 'document-edit-ok' }}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={props.onClose}
      forceRender
    >
      <Form<EditValues> form={form} name="documentEdit" layout="vertical" onFinish={submit}>
        {mode === 'version' ? (
          <>
            <Form.Item
              htmlFor="document-edit-file"
              name="file"
              label={fileLabel}
              required
              rules={[fileRule(props.allowedTypes, true, fileLabel)]}
            >
              <FilePicker id="document-edit-file" />
            </Form.Item>
            <DuplicateNotice id="document-edit-duplicate" rows={duplicates.data} />
            <Form.Item name="versionNo" label={t('document.field.versionNo')}>
              <Input maxLength={32} />
            </Form.Item>
            {progress !== null ? (
              <UploadProgress id="document-edit-progress" percent={progress} label={t('document.upload.progress')} />
            ) : null}
          </>
        ) : (
          <>
            <Form.Item
              name="name"
              label={t('document.field.name')}
              required
              validateDebounce={300}
              rules={[
                schemaRule('name', nameCheckBody.shape.name, 'document.field.name'),
                uniqueNameRule(row?.fileId, row?.folderId ?? undefined),
              ]}
            >
              <Input autoFocus />
            </Form.Item>
            <Form.Item name="fileCode" label={t('document.field.fileCode')}>
              <Input maxLength={64} />
            </Form.Item>
            <DatesAndComment />
            {/* A site document's country is its site's (the server refuses both), so only a central one has it. */}
            {row?.siteId === null && <CountryField open={target !== null} id="documentEdit_countryId" />}
          </>
        )}
        <EnterSubmits />
      </Form>
    </Dialog>
  );
}
