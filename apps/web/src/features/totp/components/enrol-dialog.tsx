import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { passwordInput } from '@edoc/contract/fields';
import type { TotpEnrolment } from '@edoc/contract/totp';
import { Dialog } from '../../../components/dialog';
import { showServerError } from '../../../lib/form-errors';
import { schemaRule } from '../../../lib/form-rules';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import { useTotpConfirm, useTotpEnrol } from '../api';
import { EnrolmentPanel } from './enrolment-panel';
import { RecoveryCodes } from './recovery-codes';

/**
 * The user centre's set-up, in three steps: the password again (someone at an unlocked screen must not bind their
 * own phone), the QR code with its confirming code, then the recovery codes, shown once.
 */
export function EnrolDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ password: string }>();
  useRevalidateOnLanguage(form);
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const enrol = useTotpEnrol({ silentError: true });
  const confirm = useTotpConfirm({ silentError: true });
  const close = () => {
    setEnrolment(null);
    setCodes(null);
    form.resetFields();
    onClose();
  };
  const start = ({ password }: { password: string }) =>
    enrol.mutate(password, {
      onSuccess: setEnrolment,
      onError: (error) => showServerError(form, error, { wrong_password: 'password' }),
    });

  let body;
  if (codes) body = <RecoveryCodes codes={codes} />;
  else if (enrolment)
    body = (
      <EnrolmentPanel
        enrolment={enrolment}
        pending={confirm.isPending}
        onConfirm={(code) => confirm.mutateAsync(code).then((data) => setCodes(data.recoveryCodes))}
      />
    );
  else
    body = (
      <Form<{ password: string }> form={form} name="totpEnrol" layout="vertical" onFinish={start}>
        <Form.Item
          name="password"
          label={t('totp.passwordAgain')}
          htmlFor="totp-enrol-password"
          rules={[schemaRule('password', passwordInput)]}
        >
          <Input.Password id="totp-enrol-password" name="password" autoComplete="current-password" />
        </Form.Item>
        <Button id="totp-enrol-next" type="primary" htmlType="submit" loading={enrol.isPending}>
          {t('totp.next')}
        </Button>
      </Form>
    );

  return (
    <Dialog
      open={open}
      title={t(codes ? 'totp.codesTitle' : 'totp.enrolTitle')}
      onCancel={close}
      destroyOnHidden
      footer={
        codes ? (
          <Button id="totp-enrol-done" type="primary" onClick={close}>
            {t('totp.done')}
          </Button>
        ) : null
      }
    >
      {body}
    </Dialog>
  );
}
