import { useEffect } from 'react';
import { App, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { companyUserBody, type CompanyUserItem } from '@edoc/contract/company';
import { EnterSubmits } from '../../../components/enter-submits';
import { showServerError } from '../../../lib/form-errors';
import { schemaRule, trimInput } from '../../../lib/form-rules';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import { useSaveCompanyUser, type CompanyScope } from '../api';
import { Dialog } from '../../../components/dialog';

interface CompanyUserFormValues {
  email: string;
  userName: string;
  mobile?: string;
}

interface CompanyUserFormModalProps {
  open: boolean;
  scope: CompanyScope;
  /** The user being edited; undefined creates one. */
  user?: CompanyUserItem;
  onClose: () => void;
}

const shape = companyUserBody.shape;

export function CompanyUserFormModal({ open, scope, user, onClose }: CompanyUserFormModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<CompanyUserFormValues>();
  useRevalidateOnLanguage(form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      user
        ? { email: user.email, userName: user.userName, mobile: user.mobile ?? '' }
        : { email: '', userName: '', mobile: '' },
    );
  }, [open, user, form]);

  const save = useSaveCompanyUser(scope, { silentError: true });
  const submit = (values: CompanyUserFormValues) => {
    const userName = values.userName.trim();
    const mobile = values.mobile?.trim() ?? '';
    // On edit an empty mobile is sent to clear it; the e-mail (the sign-in identity) does not change.
    save.mutate(
      user
        ? { edit: { userId: user.userId, userName, mobile } }
        : { create: { email: values.email.trim(), userName, mobile: mobile || undefined } },
      {
        onSuccess: () => {
          void message.success(user ? t('common.saved') : t('companyUser.created'));
          onClose();
        },
        onError: (error) => showServerError(form, error, { email_registered: 'email' }),
      },
    );
  };

  return (
    <Dialog
      open={open}
      title={user ? t('companyUser.editTitle') : t('companyUser.createTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: 'company-user-form-ok' }}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form<CompanyUserFormValues> form={form} name="companyUserForm" layout="vertical" onFinish={submit}>
        <Form.Item
          name="email"
          label={t('fields.email')}
          required={!user}
          normalize={trimInput}
          extra={user ? t('companyUser.emailFixed') : t('companyUser.mailNote')}
          rules={user ? [] : [schemaRule('email', shape.email)]}
        >
          <Input name="email" type="email" autoComplete="off" disabled={!!user} />
        </Form.Item>
        <Form.Item
          name="userName"
          label={t('fields.userName')}
          required
          rules={[schemaRule('userName', shape.userName)]}
        >
          <Input name="userName" autoComplete="off" />
        </Form.Item>
        <Form.Item name="mobile" label={t('fields.mobile')} rules={[schemaRule('mobile', shape.mobile)]}>
          <Input name="mobile" autoComplete="off" />
        </Form.Item>
        <EnterSubmits />
      </Form>
    </Dialog>
  );
}
