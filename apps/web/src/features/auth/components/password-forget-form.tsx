import { Button, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { forgetPasswordBody } from '@edoc/contract/auth';
import { emailField } from '@edoc/contract/fields';
import { RESET_CODE_COOLDOWN_SECONDS } from '@edoc/contract/limits';
import { notify } from '../../../lib/feedback';
import { digitsInput, schemaRule, textValue, trimInput } from '../../../lib/form-rules';
import { useCountdown } from '../../../lib/use-countdown';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import { useForgetPassword, useSendResetCode } from '../api';
import type { LoginMode } from './login-mode';
import { PasswordFormFooter } from './form-footer';
import { NewPasswordFields } from '../../../components/new-password-fields';

interface PasswordForgetValues {
  email: string;
  code: string;
  newPassword: string;
  confirmPassword: string;
}

interface PasswordForgetFormProps {
  initialEmail?: string;
  onSwitch: (mode: LoginMode, email?: string) => void;
}

/** Reset by e-mailed code (SPEC §4/§5): a code may be asked for again only after 600 s. */
export function PasswordForgetForm({ initialEmail, onSwitch }: PasswordForgetFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordForgetValues>();
  useRevalidateOnLanguage(form);
  const cooldown = useCountdown();

  const sendCode = useSendResetCode();
  const reset = useForgetPassword();
  const submit = ({ email, code, newPassword }: PasswordForgetValues) =>
    reset.mutate(
      { email, code, newPassword },
      {
        onSuccess: () => {
          notify('success', t('auth.passwordReset'));
          onSwitch('login', email);
        },
      },
    );

  const requestCode = async () => {
    const email = textValue(form, 'email');
    if (typeof email !== 'string' || email.trim() === '') {
      notify('warning', t('auth.enterEmailFirst'));
      return;
    }
    try {
      await form.validateFields(['email']);
    } catch {
      return; // the field shows why
    }
    sendCode.mutate(email.trim(), {
      onSuccess: () => {
        cooldown.start(RESET_CODE_COOLDOWN_SECONDS);
        notify('success', t('auth.codeSent'));
      },
    });
  };

  return (
    <Form<PasswordForgetValues>
      form={form}
      name="passwordForget"
      layout="vertical"
      requiredMark={false}
      initialValues={{ email: initialEmail ?? '' }}
      onFinish={submit}
      size="large"
    >
      <Form.Item name="email" label={t('auth.email')} normalize={trimInput} rules={[schemaRule('email', emailField)]}>
        <Input name="email" autoComplete="username" placeholder={t('auth.emailPlaceholder')} />
      </Form.Item>
      <Form.Item label={t('auth.resetCode')} required>
        <Flex gap={8} align="start">
          <Form.Item
            name="code"
            noStyle
            normalize={digitsInput}
            rules={[schemaRule('code', forgetPasswordBody.shape.code)]}
          >
            <Input
              name="code"
              inputMode="numeric"
              maxLength={6}
              autoComplete="one-time-code"
              placeholder={t('auth.resetCodePlaceholder')}
              aria-label={t('auth.resetCode')}
            />
          </Form.Item>
          <Button
            id="send-code"
            style={{ minWidth: 128 }}
            disabled={cooldown.remaining > 0}
            loading={sendCode.isPending}
            onClick={() => void requestCode()}
          >
            {cooldown.remaining > 0 ? t('auth.resendIn', { seconds: cooldown.remaining }) : t('auth.sendCode')}
          </Button>
        </Flex>
      </Form.Item>
      <NewPasswordFields />
      <PasswordFormFooter
        submitId="password-forget-submit"
        submitLabel={t('auth.resetPassword')}
        loading={reset.isPending}
        form={form}
        onSwitch={onSwitch}
      />
    </Form>
  );
}
