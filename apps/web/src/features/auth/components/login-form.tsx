import type { ReactNode } from 'react';
import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { captchaCodeField, changeTokenData, loginData, type LoginData } from '@edoc/contract/auth';
import { UserType, type UserType as UserTypeValue } from '@edoc/contract/enums';
import { emailField, passwordInput } from '@edoc/contract/fields';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { errorText, notify } from '../../../lib/feedback';
import { schemaRule, textValue, trimInput } from '../../../lib/form-rules';
import { currentLang } from '../../../lib/i18n';
import { resetIdle } from '../../../lib/idle-timer';
import { navigateTo } from '../../../lib/navigation';
import { setSession } from '../../../lib/session';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import { useLogin } from '../api';
import { AppLink } from '../../../components/app-link';
import { CaptchaField, useCaptcha } from '../../../components/captcha-field';
import type { SwitchMode } from './login-mode';
import { totpChallengeData, type TotpChallengeData } from '@edoc/contract/totp';

interface LoginValues {
  email: string;
  password: string;
  captchaCode: string;
}

interface LoginFormProps {
  initialEmail?: string;
  onSwitch: SwitchMode;
  /** The password was right and a second factor is asked (issue 29 part 3): the page shows that step. */
  onSecondFactor?: (challenge: TotpChallengeData, email: string) => void;
  /** Below the sign-in button, given the typed e-mail: the login page puts single sign-on's offer there. */
  after?: (email: string | undefined) => ReactNode;
}

/** These answers mean the account must set a new password before it may sign in (SPEC §8). */
const FORCED_CHANGE_CODES: readonly string[] = ['user_inactivated', 'password_expired'];

function asUserType(value: number): UserTypeValue | null {
  return value === UserType.System || value === UserType.Company || value === UserType.Project ? value : null;
}

/** Also used by single sign-on's completion page (features/sso), which ends in the same session. */
export function storeLogin(data: LoginData): void {
  setSession({
    token: data.token,
    userName: data.userName,
    userId: data.userId,
    email: data.email,
    userType: asUserType(data.userType),
    companyId: data.companyId,
    companyName: data.companyName,
    // Until a project is chosen the server's default idle time applies (SPEC §4).
    idleTime: data.idleMinutes,
  });
  resetIdle();
}

/** Keeps the session /login (or its second step) answered and goes on to the first page of the user's kind. */
export function useFinishSignIn(): (raw: LoginData) => void {
  return (raw) => {
    // A malformed answer must not leave a half-written session behind.
    const data = loginData.parse(raw);
    storeLogin(data);
    navigateTo(data.userType === UserType.System ? paths.system.root : paths.select, { replace: true });
  };
}

export function LoginForm({ initialEmail, onSwitch, onSecondFactor, after }: LoginFormProps) {
  const { t } = useTranslation();
  const finish = useFinishSignIn();
  const [form] = Form.useForm<LoginValues>();
  useRevalidateOnLanguage(form);
  const typedEmail = Form.useWatch('email', form);

  const captcha = useCaptcha(form, 'auth');

  const login = useLogin({ silentError: true });
  const signIn = (values: LoginValues) =>
    login.mutate(
      { ...values, captchaId: captcha.id, lang: currentLang() },
      {
        onSuccess: finish,
        onError: (error, values) => {
          const challenge =
            isApiError(error) && error.errorCode === 'totp_required' && totpChallengeData.safeParse(error.data);
          if (challenge && challenge.success && onSecondFactor) {
            onSecondFactor(challenge.data, values.email);
            return;
          }
          if (isApiError(error) && error.errorCode && FORCED_CHANGE_CODES.includes(error.errorCode)) {
            const token = changeTokenData.safeParse(error.data);
            notify('warning', error.msg);
            onSwitch('edit', values.email, token.success ? token.data.changeToken : undefined);
            return;
          }
          notify('error', errorText(error));
          captcha.refresh();
        },
      },
    );

  return (
    <Form<LoginValues>
      form={form}
      name="login"
      layout="vertical"
      requiredMark={false}
      initialValues={{ email: initialEmail ?? '' }}
      onFinish={signIn}
      size="large"
    >
      <Form.Item name="email" label={t('auth.email')} normalize={trimInput} rules={[schemaRule('email', emailField)]}>
        <Input
          name="email"
          prefix={<MailOutlined />}
          placeholder={t('auth.emailPlaceholder')}
          autoComplete="username"
        />
      </Form.Item>
      <Form.Item name="password" label={t('auth.password')} rules={[schemaRule('password', passwordInput)]}>
        <Input.Password
          name="password"
          prefix={<LockOutlined />}
          placeholder={t('auth.passwordPlaceholder')}
          autoComplete="current-password"
        />
      </Form.Item>
      <CaptchaField captcha={captcha} rule={schemaRule('captchaCode', captchaCodeField)} />
      <Form.Item style={{ marginBottom: 12 }}>
        <Button id="login-submit" type="primary" htmlType="submit" block loading={login.isPending}>
          {t('auth.login')}
        </Button>
      </Form.Item>
      {after?.(typedEmail)}
      <Flex justify="space-between">
        <Button
          id="to-forget"
          type="link"
          style={{ padding: 0 }}
          onClick={() => onSwitch('forget', textValue(form, 'email'))}
        >
          {t('auth.forgotPassword')}
        </Button>
        <AppLink id="register-link" to={paths.register}>
          {t('auth.register')}
        </AppLink>
      </Flex>
    </Form>
  );
}
