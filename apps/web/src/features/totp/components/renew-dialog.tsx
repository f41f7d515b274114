import { useState } from 'react';
import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/dialog';
import { EnterSubmits } from '../../../components/enter-submits';
import { showServerError } from '../../../lib/form-errors';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import { useRenewRecoveryCodes } from '../api';
import { CodeField } from './code-field';
import { RecoveryCodes } from './recovery-codes';

/** New recovery codes for a current code from the app; the old codes stop working, the new ones are shown once. */
export function RenewDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ code: string }>();
  useRevalidateOnLanguage(form);
  const [codes, setCodes] = useState<string[] | null>(null);
  const renew = useRenewRecoveryCodes({ silentError: true });
  const close = () => {
    setCodes(null);
    form.resetFields();
    onClose();
  };
  const submit = ({ code }: { code: string }) =>
    renew.mutate(code, {
      onSuccess: (data) => setCodes(data.recoveryCodes),
      onError: (error) => showServerError(form, error, { totp_code_wrong: 'code' }),
    });
  return (
    <Dialog
      open={open}
      title={t(codes ? 'totp.codesTitle' : 'totp.renewTitle')}
      onCancel={close}
      destroyOnHidden
      footer={
        codes ? (
          <Button id="totp-renew-done" type="primary" onClick={close}>
            {t('totp.done')}
          </Button>
        ) : (
          <Button id="totp-renew-submit" type="primary" loading={renew.isPending} onClick={() => form.submit()}>
            {t('totp.renew')}
          </Button>
        )
      }
    >
      {codes ? (
        <RecoveryCodes codes={codes} />
      ) : (
        <Form<{ code: string }> form={form} name="totpRenew" layout="vertical" onFinish={submit}>
          <p>{t('totp.renewHint')}</p>
          <CodeField id="totp-renew-code" label={t('totp.code')} />
          <EnterSubmits />
        </Form>
      )}
    </Dialog>
  );
}
