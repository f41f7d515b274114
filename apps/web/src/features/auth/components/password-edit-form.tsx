import { Alert, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/feedback';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import { useModifyPassword } from '../api';
import type { SwitchMode } from './login-mode';
import { PasswordFormFooter } from './form-footer';
import { NewPasswordFields } from '../../../components/new-password-fields';

interface PasswordEditValues {
  email: string;
  newPassword: string;
  confirmPassword: string;
}

interface PasswordEditFormProps {
  email?: string;
  /** From /login's answer; without it (the page was reloaded) the user signs in again to get one. */
  changeToken?: string;
  onSwitch: SwitchMode;
}

/**
 * Forced change for new users and expired passwords (SPEC §4): the credentials and captcha were checked by the
 * sign-in that led here, whose change token stands for them (issue 9). Success returns to the sign-in form.
 */
export function PasswordEditForm({ email, changeToken, onSwitch }: PasswordEditFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordEditValues>();
  useRevalidateOnLanguage(form);

  const change = useModifyPassword();
  const submit = ({ newPassword }: PasswordEditValues) =>
    change.mutate(
      { changeToken, newPassword },
      {
        onSuccess: () => {
          notify('success', t('auth.passwordChanged'));
          onSwitch('login', email);
        },
        // The token ran out: sign in again for a fresh one.
        onError: () => {
          if (!changeToken) onSwitch('login', email);
        },
      },
    );

  return (
    <Form<PasswordEditValues>
      form={form}
      name="passwordEdit"
      layout="vertical"
      requiredMark={false}
      initialValues={{ email: email ?? '' }}
      onFinish={submit}
      size="large"
    >
      {!changeToken && (
        <Alert type="warning" showIcon message={t('auth.signInToChange')} style={{ marginBottom: 16 }} />
      )}
      <Form.Item name="email" label={t('auth.email')}>
        <Input name="email" autoComplete="username" readOnly variant="filled" />
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
