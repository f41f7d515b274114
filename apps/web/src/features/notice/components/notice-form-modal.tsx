import { useEffect } from 'react';
import { App, DatePicker, Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { NoticeStatus } from '@edoc/contract/enums';
import { NOTICE_MAX_BYTES } from '@edoc/contract/limits';
import { noticeContents, noticeUpdateBody, type NoticeItem } from '@edoc/contract/notice';
import { ByteCount } from '../../../components/byte-count';
import { fieldMessage, schemaRule } from '../../../lib/form-rules';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import { useSaveNotice } from '../api';
import { Dialog } from '../../../components/dialog';

interface NoticeFormValues {
  subject: string;
  contents: string;
  effectiveTime: Dayjs | null;
  release: boolean;
}

interface NoticeFormModalProps {
  open: boolean;
  /** The notice being edited; undefined creates a new one. */
  notice?: NoticeItem;
  onClose: () => void;
}

export function NoticeFormModal({ open, notice, onClose }: NoticeFormModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<NoticeFormValues>();
  const contents = Form.useWatch('contents', form);
  useRevalidateOnLanguage(form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      notice
        ? {
            subject: notice.subject,
            contents: notice.contents,
            effectiveTime: dayjs(notice.effectiveTime),
            release: notice.status === NoticeStatus.Released,
          }
        : { subject: '', contents: '', effectiveTime: dayjs(), release: true },
    );
  }, [open, notice, form]);

  const save = useSaveNotice();
  const submit = (values: NoticeFormValues) =>
    save.mutate(
      {
        id: notice?.id,
        subject: values.subject.trim(),
        contents: values.contents.trim(),
        // ISO 8601 with the browser's offset, so the server knows the intended local time.
        effectiveTime: (values.effectiveTime ?? dayjs()).format(),
        release: values.release,
      },
      {
        onSuccess: () => {
          void message.success(t('common.saved'));
          onClose();
        },
      },
    );

  return (
    <Dialog
      open={open}
      title={notice ? t('notice.editTitle') : t('notice.createTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      width={720}
      // Rendered while closed so the form instance stays connected for the open effect above.
      forceRender
    >
      <Form<NoticeFormValues> form={form} name="notice" layout="vertical" onFinish={submit}>
        <Form.Item
          name="subject"
          label={t('notice.subject')}
          rules={[schemaRule('subject', noticeUpdateBody.shape.subject)]}
        >
          <Input name="subject" />
        </Form.Item>
        <Form.Item
          name="contents"
          label={t('notice.contents')}
          extra={
            <>
              {t('notice.contentsHelp')} <ByteCount value={contents} max={NOTICE_MAX_BYTES} />
            </>
          }
          rules={[schemaRule('contents', noticeContents)]}
        >
          <Input.TextArea name="contents" rows={8} />
        </Form.Item>
        <Form.Item
          name="effectiveTime"
          label={t('notice.effectiveTime')}
          rules={[{ required: true, message: fieldMessage('required', 'effectiveTime') }]}
        >
          <DatePicker showTime format="YYYY-MM-DD HH:mm:ss" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="release" label={t('notice.releaseNow')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Dialog>
  );
}
