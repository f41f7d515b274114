import { Alert, App, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { passwordInput } from '@edoc/contract/fields';
import type { TotpDisableBody } from '@edoc/contract/totp';
import { Dialog } from '../../../components/dialog';
import { EnterSubmits } from '../../../components/enter-submits';
import { showServerError } from '../../../lib/form-errors';
import { schemaRule } from '../../../lib/form-rules';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import { useDisableTotp } from '../api';
import { CodeField } from './code-field';

/**
 * Turning the factor off: the dialog is the confirmation (it says what is lost), and the password and a current
 * code prove it is the owner. The server refuses while the company's policy asks for a factor, in its own words.
 */
export function DisableDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<TotpDisableBody>();
  useRevalidateOnLanguage(form);
  const disable = useDisableTotp({ silentError: true });
  const close = () => {
    form.resetFields();
    onClose();
  };
  const submit = (body: TotpDisableBody) =>
    disable.mutate(body, {
      onSuccess: () => {
        void message.success(t('totp.disabled'));
        close();
      },
      onError: (error) => showServerError(form, error, { wrong_password: 'password', totp_code_wrong: 'code' }),
    });
  return (
    <Dialog
      open={open}
      title={t('totp.disableTitle')}
      onCancel={close}
      destroyOnHidden
      footer={
        <Button
          id="totp-disable-submit"
          danger
          type="primary"
          loading={disable.isPending}
          onClick={() => form.submit()}
        >
          {t('totp.disable')}
        </Button>
      }
    >
      <Alert type="warning" showIcon title={t('totp.disableWarning')} style={{ marginBottom: 16 }} />
      <Form<TotpDisableBody> form={form} name="totpDisable" layout="vertical" onFinish={submit}>
        <Form.Item
          name="password"
          label={t('totp.passwordAgain')}
          htmlFor="totp-disable-password"
          rules={[schemaRule('password', passwordInput)]}
        >
          <Input.Password id="totp-disable-password" name="password" autoComplete="current-password" />
        </Form.Item>
        <CodeField id="totp-disable-code" label={t('totp.code')} />
        <EnterSubmits />
      </Form>
    </Dialog>
  );
}
