import { useEffect } from 'react';
import { App, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { downloadTaskName } from '@edoc/contract/download';
import { EnterSubmits } from '../../../components/enter-submits';
import { showServerError } from '../../../lib/form-errors';
import { schemaRule } from '../../../lib/form-rules';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import { useCreateDownloadTask } from '../api';
import { Dialog } from '../../../components/dialog';

interface PackValues {
  name: string;
}

interface PackDialogProps {
  open: boolean;
  /** The documents to pack. */
  fileIds: number[];
  onClose: () => void;
  onCreated?: () => void;
}

/** Names a download task for the selected documents; the zip is packed in the background. */
export function PackDialog({ open, fileIds, onClose, onCreated }: PackDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<PackValues>();
  useRevalidateOnLanguage(form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ name: '' });
  }, [open, form]);

  const save = useCreateDownloadTask({ silentError: true });
  const submit = (values: PackValues) =>
    save.mutate(
      { name: values.name.trim(), fileIds },
      {
        onSuccess: () => {
          void message.success(t('download.taskCreated'));
          onCreated?.();
          onClose();
        },
        onError: (error) => showServerError(form, error, {}),
      },
    );

  return (
    <Dialog
      open={open}
      title={t('download.packTitle', { count: fileIds.length })}
      okText={t('download.pack')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: 'download-pack-ok' }}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form<PackValues> form={form} name="packForm" layout="vertical" onFinish={submit}>
        <Form.Item
          name="name"
          label={t('download.name')}
          required
          rules={[schemaRule('name', downloadTaskName, 'download.name')]}
          extra={t('download.packHint')}
        >
          <Input name="name" autoFocus />
        </Form.Item>
        <EnterSubmits />
      </Form>
      <Typography.Text type="secondary">{t('download.packWhere')}</Typography.Text>
    </Dialog>
  );
}
