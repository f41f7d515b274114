import { App, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { emailField, passwordInput } from '@edoc/contract/fields';
import { schemaRule, trimInput } from '../../../lib/form-rules';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import { useModifyPassword } from '../api';
import type { LoginMode } from './login-mode';
import { PasswordFormFooter } from './form-footer';
import { NewPasswordFields } from '../../../components/new-password-fields';

interface PasswordEditValues {
  email: string;
  password: string;
  newPassword: string;
  confirmPassword: string;
}

interface PasswordEditFormProps {
  initialEmail?: string;
  onSwitch: (mode: LoginMode, email?: string) => void;
}

/** Forced change for new users and expired passwords (SPEC §4): success returns to the sign-in form. */
export function PasswordEditForm({ initialEmail, onSwitch }: PasswordEditFormProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordEditValues>();
  useRevalidateOnLanguage(form);

  const change = useModifyPassword();
  const submit = ({ email, password, newPassword }: PasswordEditValues) =>
    change.mutate(
      { email, password, newPassword },
      {
        onSuccess: () => {
          void message.success(t('auth.passwordChanged'));
          onSwitch('login', email);
        },
      },
    );

  return (
    <Form<PasswordEditValues>
      form={form}
      name="passwordEdit"
      layout="vertical"
      requiredMark={false}
      initialValues={{ email: initialEmail ?? '' }}
      onFinish={submit}
      size="large"
    >
      <Form.Item name="email" label={t('auth.email')} normalize={trimInput} rules={[schemaRule('email', emailField)]}>
        <Input name="email" autoComplete="username" placeholder={t('auth.emailPlaceholder')} />
      </Form.Item>
      <Form.Item name="password" label={t('auth.currentPassword')} rules={[schemaRule('password', passwordInput)]}>
        <Input.Password
          name="password"
          autoComplete="current-password"
          placeholder={t('auth.currentPasswordPlaceholder')}
        />
      </Form.Item>
      <NewPasswordFields />
      <PasswordFormFooter
        submitId="password-edit-submit"
        submitLabel={t('auth.changePassword')}
        loading={change.isPending}
        form={form}
        onSwitch={onSwitch}
      />
    </Form>
  );
}
