import { useState, type ReactNode } from 'react';
import { Alert, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LoginData } from '@edoc/contract/auth';
import type { TotpEnrolment } from '@edoc/contract/totp';
import { errorText } from '../../../lib/feedback';
import { useLoginTotpConfirm, useLoginTotpEnrol } from '../sign-in-api';
import { EnrolmentPanel } from './enrolment-panel';
import { RecoveryCodes } from './recovery-codes';

interface SignInEnrolmentProps {
  challenge: string;
  onSignedIn: (data: LoginData) => void;
  back: ReactNode;
}

/**
 * The company asks for a second factor this user has not set up: they set it up here, with the sign-in's challenge
 * standing for the password, see the recovery codes once, and only then go in.
 */
export function SignInEnrolment({ challenge, onSignedIn, back }: SignInEnrolmentProps) {
  const { t } = useTranslation();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [done, setDone] = useState<{ codes: string[]; session: LoginData } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const start = useLoginTotpEnrol({ silentError: true });
  const confirm = useLoginTotpConfirm({ silentError: true });

  if (done)
    return (
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <RecoveryCodes codes={done.codes} />
        <Button id="totp-enrolled-continue" type="primary" block size="large" onClick={() => onSignedIn(done.session)}>
          {t('totp.continue')}
        </Button>
      </Space>
    );

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Alert type="info" showIcon title={t('totp.policyAsks')} />
      {failed && <Alert type="error" showIcon title={failed} role="alert" />}
      {enrolment ? (
        <EnrolmentPanel
          enrolment={enrolment}
          pending={confirm.isPending}
          onConfirm={(code) =>
            confirm
              .mutateAsync({ challenge, code })
              .then((data) => setDone({ codes: data.recoveryCodes, session: data.session }))
          }
        />
      ) : (
        <Button
          id="totp-sign-in-enrol"
          type="primary"
          block
          size="large"
          loading={start.isPending}
          onClick={() =>
            start.mutate(challenge, { onSuccess: setEnrolment, onError: (error) => setFailed(errorText(error)) })
          }
        >
          {t('totp.enrol')}
        </Button>
      )}
      {back}
    </Space>
  );
}
