import { useEffect } from 'react';
import { App, DatePicker, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { releaseSaveBody, type ReleaseItem } from '@edoc/contract/release';
import { showServerError } from '../../../lib/form-errors';
import { fieldMessage, schemaRule } from '../../../lib/form-rules';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import { useSaveRelease } from '../api';
import { Dialog } from '../../../components/dialog';

interface ReleaseFormValues {
  version: string;
  releasedOn: Dayjs | null;
  notesZh: string;
  notesEn: string;
}

interface ReleaseFormModalProps {
  open: boolean;
  /** The release being edited; undefined records a new one. */
  release?: ReleaseItem;
  onClose: () => void;
}

const { shape } = releaseSaveBody;

export function ReleaseFormModal({ open, release, onClose }: ReleaseFormModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ReleaseFormValues>();
  useRevalidateOnLanguage(form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      release
        ? {
            version: release.version,
            releasedOn: dayjs(release.releasedOn),
            notesZh: release.notesZh,
            notesEn: release.notesEn,
          }
        : { version: '', releasedOn: dayjs(), notesZh: '', notesEn: '' },
    );
  }, [open, release, form]);

  const save = useSaveRelease({ silentError: true });
  const submit = (values: ReleaseFormValues) =>
    save.mutate(
      {
        id: release?.id,
        version: values.version.trim(),
        releasedOn: (values.releasedOn ?? dayjs()).format('YYYY-MM-DD'),
        notesZh: values.notesZh.trim(),
        notesEn: values.notesEn.trim(),
      },
      {
        onError: (error) => showServerError(form, error, { release_version_exists: 'version' }),
        onSuccess: () => {
          void message.success(t('common.saved'));
          onClose();
        },
      },
    );

  return (
    <Dialog
      open={open}
      title={release ? t('release.editTitle') : t('release.createTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: 'release-save' }}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      width={720}
      // Rendered while closed so the form instance stays connected for the open effect above.
      forceRender
    >
      <Form<ReleaseFormValues> form={form} name="release" layout="vertical" onFinish={submit}>
        <Form.Item
          name="version"
          label={t('release.version')}
          extra={t('release.versionHelp')}
          rules={[schemaRule('version', shape.version)]}
        >
          <Input name="version" />
        </Form.Item>
        <Form.Item
          name="releasedOn"
          label={t('release.releasedOn')}
          rules={[{ required: true, message: fieldMessage('required', 'releasedOn') }]}
        >
          <DatePicker format="YYYY-MM-DD" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="notesZh"
          label={t('release.notesZh')}
          extra={t('release.notesHelp')}
          rules={[schemaRule('notesZh', shape.notesZh)]}
        >
          <Input.TextArea name="notesZh" rows={6} />
        </Form.Item>
        <Form.Item name="notesEn" label={t('release.notesEn')} rules={[schemaRule('notesEn', shape.notesEn)]}>
          <Input.TextArea name="notesEn" rows={6} />
        </Form.Item>
      </Form>
    </Dialog>
  );
}
