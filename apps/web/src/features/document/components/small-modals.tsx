import { useEffect } from 'react';
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { nameCheckBody, type FileRow } from '@edoc/contract/document';
import type { FolderNode } from '@edoc/contract/folder';
import { EnterSubmits } from '../../../components/enter-submits';
import { showServerError } from '../../../lib/form-errors';
import { schemaRule } from '../../../lib/form-rules';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import { useRenameDocument } from '../api';
import { requiredRule, uniqueNameRule } from './document-form-modal';
import { FolderSelect } from './folder-select';

export function RenameModal({ row, onClose }: { row: FileRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  useRevalidateOnLanguage(form);

  useEffect(() => {
    if (row) form.setFieldsValue({ name: row.file_name });
  }, [row, form]);

  const save = useRenameDocument({ silentError: true });
  const submit = (name: string) =>
    save.mutate(
      { fileId: row!.fileId, name },
      {
        onSuccess: () => {
          void message.success(t('common.saved'));
          onClose();
        },
        onError: (error) => showServerError(form, error, { duplicate_file_name: 'name', no_change: 'name' }),
      },
    );

  return (
    <Modal
      open={row !== null}
      title={row ? t('document.renameTitle', { name: row.file_name }) : ''}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: 'document-rename-ok' }}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} name="documentRename" layout="vertical" onFinish={(v) => submit(v.name.trim())}>
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
        <EnterSubmits />
      </Form>
    </Modal>
  );
}

/** Asks for a folder where the caller may create documents (moving, or restoring when the old folder is gone). */
export function FolderPickModal(props: {
  open: boolean;
  title: string;
  roots: FolderNode[];
  okId: string;
  pending: boolean;
  onPick: (folderId: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ folderId?: number }>();
  useRevalidateOnLanguage(form);
  const { open } = props;
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);
  const label = t('document.targetFolder');
  return (
    <Modal
      open={props.open}
      title={props.title}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: props.okId }}
      confirmLoading={props.pending}
      onOk={() => form.submit()}
      onCancel={props.onClose}
      forceRender
    >
      <Form form={form} name={`${props.okId}-form`} layout="vertical" onFinish={(v) => props.onPick(v.folderId!)}>
        <Form.Item name="folderId" label={label} required rules={[requiredRule(label)]}>
          <FolderSelect id="document-target-folder" roots={props.roots} />
        </Form.Item>
        <EnterSubmits />
      </Form>
    </Modal>
  );
}
