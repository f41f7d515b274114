import { Button, Form, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { textValue } from '../../../lib/form-rules';
import type { SwitchMode } from './login-mode';

interface PasswordFormFooterProps {
  submitId: string;
  submitLabel: ReactNode;
  loading: boolean;
  form: FormInstance;
  onSwitch: SwitchMode;
}

/** The submit button and the way back to login, shared by the two password modes; the typed e-mail goes along. */
export function PasswordFormFooter({ submitId, submitLabel, loading, form, onSwitch }: PasswordFormFooterProps) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item style={{ marginBottom: 12 }}>
        <Button id={submitId} type="primary" htmlType="submit" block loading={loading}>
          {submitLabel}
        </Button>
      </Form.Item>
      <Button
        id="back-to-login"
        type="link"
        style={{ padding: 0 }}
        onClick={() => onSwitch('login', textValue(form, 'email'))}
      >
        {t('auth.backToLogin')}
      </Button>
    </>
  );
}
