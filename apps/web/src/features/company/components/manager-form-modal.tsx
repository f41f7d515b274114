import { useEffect } from 'react';
import { Alert, App, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { companyManagerBody } from '@edoc/contract/company';
import { EnterSubmits } from '../../../components/enter-submits';
import { showServerError } from '../../../lib/form-errors';
import { schemaRule, trimInput } from '../../../lib/form-rules';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import { useAddCompanyManager } from '../api';
import { Dialog } from '../../../components/dialog';

interface ManagerFormValues {
  email: string;
  userName: string;
}

interface ManagerFormModalProps {
  open: boolean;
  companyId: number;
  onClose: () => void;
}

/** Creates a company administrator; the server e-mails the initial password, which must be changed at first sign-in. */
export function ManagerFormModal({ open, companyId, onClose }: ManagerFormModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ManagerFormValues>();
  useRevalidateOnLanguage(form);

  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const save = useAddCompanyManager({ silentError: true });
  const submit = (values: ManagerFormValues) =>
    save.mutate(
      { companyId, email: values.email.trim(), userName: values.userName.trim() },
      {
        onSuccess: () => {
          void message.success(t('company.managerCreated'));
          onClose();
        },
        onError: (error) => showServerError(form, error, { email_registered: 'email' }),
      },
    );

  return (
    <Dialog
      open={open}
      title={t('company.addManager')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: 'manager-form-ok' }}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('company.managerMailNote')} />
      <Form<ManagerFormValues>
        form={form}
        name="managerForm"
        layout="vertical"
        initialValues={{ email: '', userName: '' }}
        onFinish={submit}
      >
        <Form.Item
          name="email"
          label={t('fields.email')}
          required
          normalize={trimInput}
          rules={[schemaRule('email', companyManagerBody.shape.email)]}
        >
          <Input name="email" type="email" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="userName"
          label={t('fields.userName')}
          required
          rules={[schemaRule('userName', companyManagerBody.shape.userName)]}
        >
          <Input name="userName" autoComplete="off" />
        </Form.Item>
        <EnterSubmits />
      </Form>
    </Dialog>
  );
}
