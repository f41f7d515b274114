import { Button, Form, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TotpEnrolment } from '@edoc/contract/totp';
import { showServerError } from '../../../lib/form-errors';
import { useRevalidateOnLanguage } from '../../../lib/use-revalidate-on-language';
import { CodeField } from './code-field';

interface EnrolmentPanelProps {
  enrolment: TotpEnrolment;
  pending: boolean;
  /** Sends the first code; rejects with the server's refusal, shown under the field. */
  onConfirm: (code: string) => Promise<unknown>;
}

/**
 * Setting up the authenticator app: the QR code to scan, the secret to type where a camera cannot be used, then
 * the app's first code to confirm. Shared by the user centre and the sign-in that the company's policy stops.
 */
export function EnrolmentPanel({ enrolment, pending, onConfirm }: EnrolmentPanelProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ code: string }>();
  useRevalidateOnLanguage(form);
  const submit = ({ code }: { code: string }) =>
    onConfirm(code).catch((error: unknown) => showServerError(form, error, { totp_code_wrong: 'code' }));
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Paragraph style={{ marginBottom: 0 }}>{t('totp.scanHint')}</Typography.Paragraph>
      <img id="totp-qr" src={enrolment.qr} alt={t('totp.qrAlt')} width={180} height={180} />
      <div>
        <Typography.Text type="secondary">{t('totp.secretHint')}</Typography.Text>
        <Typography.Paragraph
          id="totp-secret"
          copyable={{ text: enrolment.secret }}
          style={{ fontFamily: 'monospace' }}
        >
          {enrolment.secret.replace(/(.{4})/g, '$1 ').trim()}
        </Typography.Paragraph>
      </div>
      <Form<{ code: string }> form={form} name="totpConfirm" layout="vertical" onFinish={submit}>
        <CodeField id="totp-confirm-code" label={t('totp.firstCode')} />
        <Button id="totp-confirm-submit" type="primary" htmlType="submit" loading={pending}>
          {t('totp.confirm')}
        </Button>
      </Form>
    </Space>
  );
}
