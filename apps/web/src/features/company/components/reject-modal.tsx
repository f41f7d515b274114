import { useEffect } from 'react';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { requiredText } from '@edoc/contract/fields';
import { schemaRule } from '../../../lib/form-rules';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import { Dialog } from '../../../components/dialog';

/** Not in the contract yet: the rejection reason of POST /company/approve/:userId/a. */
export const REJECT_REASON_MAX = 500;
const reasonField = requiredText(REJECT_REASON_MAX);

interface RejectModalProps {
  open: boolean;
  userName?: string;
  loading: boolean;
  onReject: (reason: string) => void;
  onClose: () => void;
}

/** A rejection always carries a reason: the applicant and an inspector must be able to read why. */
export function RejectModal({ open, userName, loading, onReject, onClose }: RejectModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  useRevalidateOnLanguage(form);

  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  return (
    <Dialog
      open={open}
      title={t('approve.rejectTitle', { name: userName ?? '' })}
      okText={t('approve.reject')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: 'reject-form-ok', danger: true }}
      confirmLoading={loading}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form<{ reason: string }>
        form={form}
        name="rejectForm"
        layout="vertical"
        initialValues={{ reason: '' }}
        onFinish={(values) => onReject(values.reason.trim())}
      >
        <Form.Item name="reason" label={t('fields.reason')} required rules={[schemaRule('reason', reasonField)]}>
          <Input.TextArea name="reason" rows={4} showCount maxLength={REJECT_REASON_MAX} />
        </Form.Item>
      </Form>
    </Dialog>
  );
}
