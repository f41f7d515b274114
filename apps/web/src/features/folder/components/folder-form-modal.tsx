import { useEffect } from 'react';
import { App, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { folderBody, type FolderNode } from '@edoc/contract/folder';
import { FolderType } from '@edoc/contract/permissions';
import { EnterSubmits } from '../../../components/enter-submits';
import { showServerError } from '../../../lib/form-errors';
import { schemaRule } from '../../../lib/form-rules';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import { useSaveFolder } from '../api';
import { Dialog } from '../../../components/dialog';

interface FolderFormValues {
  name: string;
  nameEn?: string;
  ichCode?: string;
}

/** Creating under `parent` (null: the root of the tree of `type`), or renaming `folder`. */
export type FolderFormTarget =
  { mode: 'create'; parent: FolderNode | null; type: number } | { mode: 'rename'; folder: FolderNode };

export function FolderFormModal({ target, onClose }: { target: FolderFormTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<FolderFormValues>();
  useRevalidateOnLanguage(form);

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    if (target.mode === 'rename') {
      const f = target.folder;
      form.setFieldsValue({ name: f.folderName, nameEn: f.folderNameEn ?? '', ichCode: f.ichCode ?? '' });
    }
  }, [target, form]);

  // The form shows a refusal beside its field, so the query client does not toast it too.
  const save = useSaveFolder({ silentError: true });
  const submit = (v: FolderFormValues) => {
    const body = { name: v.name.trim(), nameEn: v.nameEn?.trim() ?? '', ichCode: v.ichCode?.trim() ?? '' };
    save.mutate(
      target?.mode === 'rename'
        ? { folderId: target.folder.folderId, body }
        : { body: { ...body, parentId: target?.parent?.folderId ?? 0, type: target?.type ?? FolderType.Work } },
      {
        onSuccess: () => {
          void message.success(target?.mode === 'rename' ? t('common.saved') : t('folder.created'));
          onClose();
        },
        onError: (error) => showServerError(form, error, { folder_name_exists: 'name' }),
      },
    );
  };

  const title =
    target?.mode === 'rename'
      ? t('folder.renameTitle')
      : target?.parent
        ? t('folder.createUnder', { name: target.parent.folderName })
        : t('folder.createRoot');

  return (
    <Dialog
      open={target !== null}
      title={title}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: 'folder-form-ok' }}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form<FolderFormValues> form={form} name="folderForm" layout="vertical" onFinish={submit}>
        <Form.Item
          name="name"
          label={t('folder.name')}
          required
          rules={[schemaRule('name', folderBody.shape.name, 'folder.name')]}
        >
          <Input autoFocus />
        </Form.Item>
        <Form.Item name="nameEn" label={t('folder.nameEn')} rules={[schemaRule('nameEn', folderBody.shape.nameEn)]}>
          <Input />
        </Form.Item>
        <Form.Item name="ichCode" label={t('folder.ichCode')} rules={[schemaRule('ichCode', folderBody.shape.ichCode)]}>
          <Input />
        </Form.Item>
        <EnterSubmits />
      </Form>
    </Dialog>
  );
}
