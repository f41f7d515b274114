import { useEffect, useState } from 'react';
import { App, Form, Input, Radio, Select, Tag, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import { nameCheckBody } from '@edoc/contract/document';
import { errorMessage } from '@edoc/contract/errors';
import { messageCodeFor } from '@edoc/contract/fields';
import type { FolderNode } from '@edoc/contract/folder';
import { EnterSubmits } from '../../../components/enter-submits';
import { UploadProgress } from '../../../components/upload-progress';
import { FolderSelect } from '../../../components/folder-select';
import { showServerError } from '../../../lib/form-errors';
import { requiredRule, schemaRule } from '../../../lib/form-rules';
import { currentLang } from '../../../lib/i18n';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import { useSites } from '../../site/api';
import { useTags } from '../../tag/api';
import { checkName, toFormData, useCreateDocument, useRecipients } from '../api';
import { mayCreateIn, uploadProblem } from '../folders';
import { useDuplicatesOf } from '../hooks/use-duplicates';
import { uploadRulesText, useUploadAuth } from '../hooks/use-upload-auth';
import { CountryField } from './country-field';
import { DatesAndComment, isoDay } from './dates-and-comment';
import { DuplicateNotice } from './duplicate-notice';
import { FilePicker } from './file-picker';
import { Dialog } from '../../../components/dialog';

export interface DocumentFormValues {
  name: string;
  folderId?: number;
  ichCode?: string;
  fileCode?: string;
  versionNo?: string;
  effectiveDate?: Dayjs | null;
  expirationDate?: Dayjs | null;
  documentDate?: Dayjs | null;
  comment?: string;
  scope: 'central' | 'site';
  siteId?: number;
  countryId?: number;
  tagIds?: number[];
  assigneeId?: number;
  file?: File;
}

/** The file must be of an allowed type and within its size limit (SPEC §5). */
export const fileRule = (
  allowed: readonly string[],
  required: boolean,
  label: string,
  otherCap?: number,
): FormRule => ({
  validator: async (_rule, value: File | undefined) => {
    if (!value) {
      if (required) throw new Error(errorMessage(messageCodeFor('required', 'file'), currentLang(), { field: label }));
      return;
    }
    const problem = uploadProblem(value, allowed, otherCap);
    if (problem) throw new Error(problem);
  },
});

/** 'Duplicate file name!' as the user types, asked of the server for the chosen folder. */
export const uniqueNameRule =
  (fileId?: number, fixedFolder?: number): FormRule =>
  ({ getFieldValue }) => ({
    validator: async (_rule, value: string | undefined) => {
      const folderId = fixedFolder ?? (getFieldValue('folderId') as number | undefined);
      const name = value?.trim();
      if (!folderId || !name) return;
      const answer = await checkName(folderId, name, fileId).catch(() => ({ exists: false }));
      if (answer.exists) throw new Error(errorMessage('duplicate_file_name', currentLang()));
    },
  });

/** The refusals a document form shows beside a field (create and edit share the fields). */
export const DOCUMENT_FIELD_ERRORS = {
  duplicate_file_name: 'name',
  effective_after_expiry: 'effectiveDate',
  file_too_large: 'file',
  file_type_not_allowed: 'file',
  country_with_site: 'countryId',
} as const;

export function DocumentFormModal(props: {
  open: boolean;
  folder: FolderNode | null;
  roots: FolderNode[];
  all: FolderNode[];
  allowedTypes: string[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<DocumentFormValues>();
  const [progress, setProgress] = useState<number | null>(null);
  useRevalidateOnLanguage(form);
  const scope = Form.useWatch('scope', form);
  const sites = useSites({ enabled: props.open });
  const tags = useTags({ enabled: props.open });
  const folderId = Form.useWatch('folderId', form);
  const siteId = Form.useWatch('siteId', form);
  const recipients = useRecipients(folderId, scope === 'site' ? siteId : undefined, props.open);
  // The same content already filed in the project is named before it is filed twice (issue 13).
  const duplicates = useDuplicatesOf(Form.useWatch('file', form));
  const auth = useUploadAuth(folderId).data;

  const { open, folder } = props;
  const start = folder?.isEnabled && folder.canCreateFile ? folder : null;
  const startId = start?.folderId;
  const startIch = start?.ichCode ?? '';
  // Reset when the dialog opens or its folder changes, not when the folder tree is fetched again (a new object for
  // the same folder): that wiped what the user had typed and chosen.
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setProgress(null);
    form.setFieldsValue({ scope: 'central', folderId: startId, ichCode: startIch });
  }, [open, startId, startIch, form]);

  const save = useCreateDocument({ silentError: true });
  const submit = (v: DocumentFormValues) => {
    const fields = {
      folderId: v.folderId,
      name: v.name.trim(),
      ichCode: v.ichCode?.trim() ?? '',
      fileCode: v.fileCode?.trim() ?? '',
      versionNo: v.versionNo?.trim() ?? '',
      effectiveDate: isoDay(v.effectiveDate),
      expirationDate: isoDay(v.expirationDate),
      documentDate: isoDay(v.documentDate),
      comment: v.comment?.trim() ?? '',
      central: String(v.scope !== 'site'),
      siteId: v.scope === 'site' ? v.siteId : undefined,
      // A site document's country is its site's; the server refuses both.
      countryId: v.scope === 'site' ? undefined : v.countryId,
      tagIds: (v.tagIds ?? []).join(','),
      assigneeId: v.assigneeId,
    };
    setProgress(0);
    save.mutate(
      { form: toFormData(fields, v.file), onProgress: (f) => setProgress(Math.round(f * 100)) },
      {
        onSuccess: () => {
          void message.success(t('document.created', { name: v.name.trim() }));
          props.onClose();
        },
        onError: (error) => {
          setProgress(null);
          showServerError(form, error, DOCUMENT_FIELD_ERRORS);
        },
      },
    );
  };

  const fileLabel = t('document.field.file');
  return (
    <Dialog
      open={props.open}
      title={t('document.createTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: 'document-form-ok' }}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={props.onClose}
      forceRender
      width={640}
    >
      <Form<DocumentFormValues> form={form} name="documentForm" layout="vertical" onFinish={submit}>
        <Form.Item
          name="name"
          label={t('document.field.name')}
          required
          validateDebounce={300}
          dependencies={['folderId']}
          rules={[schemaRule('name', nameCheckBody.shape.name, 'document.field.name'), uniqueNameRule()]}
        >
          <Input autoFocus />
        </Form.Item>
        <Form.Item
          name="folderId"
          label={t('document.field.folder')}
          required
          rules={[requiredRule(t('document.field.folder'))]}
        >
          <FolderSelect
            id="documentForm_folderId"
            roots={props.roots}
            choosable={mayCreateIn}
            onChange={(id) => form.setFieldValue('ichCode', props.all.find((f) => f.folderId === id)?.ichCode ?? '')}
          />
        </Form.Item>
        <Form.Item name="ichCode" label={t('document.field.ichCode')}>
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item name="fileCode" label={t('document.field.fileCode')}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="versionNo" label={t('document.field.versionNo')}>
          <Input maxLength={32} placeholder="V1.0" />
        </Form.Item>
        <DatesAndComment />
        <Form.Item name="scope" label={t('document.field.scope')}>
          <Radio.Group
            options={[
              { value: 'central', label: t('document.field.central') },
              { value: 'site', label: t('document.field.siteDoc') },
            ]}
          />
        </Form.Item>
        {scope === 'site' ? (
          <Form.Item
            name="siteId"
            label={t('document.field.site')}
            required
            rules={[requiredRule(t('document.field.site'))]}
          >
            <Select
              showSearch
              optionFilterProp="label"
              loading={sites.isFetching}
              options={(sites.data ?? []).map((s) => ({ value: s.siteId, label: `${s.code} ${s.name}` }))}
            />
          </Form.Item>
        ) : (
          <CountryField open={props.open} id="documentForm_countryId" />
        )}
        <Form.Item name="tagIds" label={t('document.field.tags')}>
          <Select<number[]>
            id="documentForm_tagIds"
            mode="multiple"
            allowClear
            loading={tags.isFetching}
            options={(tags.data ?? []).map((tag) => ({
              value: tag.id,
              label: <Tag color={tag.color}>{tag.name}</Tag>,
            }))}
          />
        </Form.Item>
        <Form.Item name="assigneeId" label={t('document.field.assignee')} extra={t('document.field.assigneeHelp')}>
          <Select
            id="documentForm_assigneeId"
            allowClear
            showSearch
            optionFilterProp="label"
            loading={recipients.isFetching}
            notFoundContent={t('document.field.assigneeNone')}
            options={(recipients.data ?? []).map((u) => ({ value: u.id, label: `${u.name} (${u.email})` }))}
          />
        </Form.Item>
        <Form.Item
          htmlFor="document-form-file"
          name="file"
          label={fileLabel}
          required
          extra={auth ? <span id="document-form-rules">{uploadRulesText(auth, t)}</span> : null}
          rules={[fileRule(auth?.allowedTypes ?? props.allowedTypes, true, fileLabel, auth?.maxBytes.other)]}
        >
          <FilePicker id="document-form-file" />
        </Form.Item>
        <DuplicateNotice id="document-form-duplicate" rows={duplicates.data} />
        {progress !== null ? (
          <UploadProgress id="document-form-progress" percent={progress} label={t('document.upload.progress')} />
        ) : null}
        <EnterSubmits />
      </Form>
    </Dialog>
  );
}
