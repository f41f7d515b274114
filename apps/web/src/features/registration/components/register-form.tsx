import { LockOutlined, MailOutlined, BankOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { errorText, notify } from '../../../lib/feedback';
import { confirmRule, schemaRule, trimInput } from '../../../lib/form-rules';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import { AppLink } from '../../../components/app-link';
import { CaptchaField, useCaptcha } from '../../../components/captcha-field';
import { registerFields, useRegister } from '../api';

interface RegisterValues {
  userName: string;
  email: string;
  companyName: string;
  password: string;
  confirmPassword: string;
  captchaCode: string;
}

/**
 * Errors that belong under one field rather than in a toast. An unknown company or a taken address gets the answer a
 * registration that went through gets (issue 25: the server tells no stranger which names and addresses exist).
 */
const FIELD_OF_CODE: Partial<Record<string, keyof RegisterValues>> = {
  verification_code_error: 'captchaCode',
};

const shape = registerFields;

export function RegisterForm({ onDone }: { onDone: (email: string) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RegisterValues>();
  useRevalidateOnLanguage(form);

  const captcha = useCaptcha(form, 'register');

  const register = useRegister({ silentError: true });
  const submit = (values: RegisterValues) =>
    register.mutate(
      {
        userName: values.userName.trim(),
        email: values.email.trim(),
        companyName: values.companyName.trim(),
        password: values.password,
        captchaId: captcha.id,
        captchaCode: values.captchaCode,
      },
      {
        onSuccess: () => onDone(values.email.trim()),
        onError: (error) => {
          // A code is good for one attempt: whatever went wrong, the next try needs a new one.
          captcha.refresh();
          const field = isApiError(error) && error.errorCode ? FIELD_OF_CODE[error.errorCode] : undefined;
          if (field) form.setFields([{ name: field, errors: [errorText(error)] }]);
          else notify('error', errorText(error));
        },
      },
    );

  return (
    <Form<RegisterValues>
      form={form}
      name="register"
      layout="vertical"
      requiredMark={false}
      initialValues={{ userName: '', email: '', companyName: '', captchaCode: '' }}
      onFinish={submit}
    >
      <Form.Item name="userName" label={t('fields.userName')} rules={[schemaRule('userName', shape.userName)]}>
        <Input name="userName" prefix={<UserOutlined />} autoComplete="name" />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('fields.email')}
        normalize={trimInput}
        rules={[schemaRule('email', shape.email)]}
      >
        <Input name="email" prefix={<MailOutlined />} autoComplete="email" placeholder={t('auth.emailPlaceholder')} />
      </Form.Item>
      <Form.Item
        name="companyName"
        label={t('fields.companyName')}
        extra={t('register.companyHelp')}
        rules={[schemaRule('companyName', shape.companyName)]}
      >
        <Input name="companyName" prefix={<BankOutlined />} autoComplete="organization" />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('auth.password')}
        extra={t('auth.passwordPolicy')}
        rules={[schemaRule('password', shape.password)]}
      >
        <Input.Password name="password" prefix={<LockOutlined />} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('auth.confirmPassword')}
        dependencies={['password']}
        rules={[confirmRule('confirmPassword', 'password')]}
      >
        <Input.Password name="confirmPassword" prefix={<LockOutlined />} autoComplete="new-password" />
      </Form.Item>
      <CaptchaField captcha={captcha} rule={schemaRule('captchaCode', shape.captchaCode)} />
      <Form.Item style={{ marginBottom: 12 }}>
        <Button id="register-submit" type="primary" htmlType="submit" block loading={register.isPending}>
          {t('register.submit')}
        </Button>
      </Form.Item>
      <AppLink id="register-back" to={paths.login}>
        {t('register.haveAccount')}
      </AppLink>
    </Form>
  );
}
