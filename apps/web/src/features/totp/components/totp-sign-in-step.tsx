import { useState } from 'react';
import { Alert, Button, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LoginData } from '@edoc/contract/auth';
import { recoveryCodeField, type TotpChallengeData } from '@edoc/contract/totp';
import { isApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/feedback';
import { schemaRule, trimInput } from '../../../lib/form-rules';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import { useLoginTotp } from '../sign-in-api';
import { CodeField } from './code-field';
import { SignInEnrolment } from './sign-in-enrolment';

export interface TotpSignInStepProps {
  challenge: TotpChallengeData;
  /** The session is open: the login page stores it and goes on as after a password. */
  onSignedIn: (data: LoginData) => void;
  /** Back to the e-mail and password (a lost or spent challenge needs the password again). */
  onBack: () => void;
}

interface StepValues {
  code?: string;
  recoveryCode?: string;
}

/** These answers end the challenge's use: only a new sign-in (or, locked, the wait) helps. */
const FINAL_CODES: readonly string[] = ['totp_challenge_invalid', 'too_many_wrong_passwords'];

/**
 * The login page's second step after a right password (issue 29 part 3): the app's code, or a recovery code when the
 * phone is lost; or, when the company asks for a factor the user has not set up, the set-up itself.
 */
export function TotpSignInStep({ challenge, onSignedIn, onBack }: TotpSignInStepProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<StepValues>();
  useRevalidateOnLanguage(form);
  const [recovery, setRecovery] = useState(false);
  const [final, setFinal] = useState<string | null>(null);
  const login = useLoginTotp({ silentError: true });

  const back = (
    <Button id="totp-back" type="link" style={{ padding: 0 }} onClick={onBack}>
      {t('totp.back')}
    </Button>
  );
  if (challenge.enrol) return <SignInEnrolment challenge={challenge.challenge} onSignedIn={onSignedIn} back={back} />;

  const submit = (values: StepValues) =>
    login.mutate(
      { challenge: challenge.challenge, ...(recovery ? { recoveryCode: values.recoveryCode } : { code: values.code }) },
      {
        onSuccess: (data) => onSignedIn(data),
        onError: (error) => {
          if (isApiError(error) && error.errorCode && FINAL_CODES.includes(error.errorCode)) setFinal(error.msg);
          else form.setFields([{ name: recovery ? 'recoveryCode' : 'code', errors: [errorText(error)] }]);
        },
      },
    );

  return (
    <Form<StepValues>
      form={form}
      name="totpSignIn"
      layout="vertical"
      requiredMark={false}
      onFinish={submit}
      size="large"
    >
      <p>{t(recovery ? 'totp.recoveryHint' : 'totp.codeHint')}</p>
      {final && <Alert id="totp-final" type="error" showIcon title={final} style={{ marginBottom: 16 }} role="alert" />}
      {recovery ? (
        <Form.Item
          name="recoveryCode"
          label={t('totp.recoveryCode')}
          htmlFor="totp-recovery-code"
          normalize={trimInput}
          rules={[schemaRule('recoveryCode', recoveryCodeField, 'totp.recoveryCode')]}
        >
          <Input id="totp-recovery-code" name="recoveryCode" autoComplete="off" />
        </Form.Item>
      ) : (
        <CodeField id="totp-sign-in-code" label={t('totp.code')} />
      )}
      <Form.Item style={{ marginBottom: 12 }}>
        <Button
          id="totp-sign-in-submit"
          type="primary"
          htmlType="submit"
          block
          loading={login.isPending}
          disabled={!!final}
        >
          {t('totp.verify')}
        </Button>
      </Form.Item>
      <Flex justify="space-between">
        {back}
        <Button
          id="totp-use-recovery"
          type="link"
          style={{ padding: 0 }}
          onClick={() => {
            form.resetFields();
            setRecovery(!recovery);
          }}
        >
          {t(recovery ? 'totp.useApp' : 'totp.useRecovery')}
        </Button>
      </Flex>
    </Form>
  );
}
