import { useEffect, useState } from 'react';
import { CheckCircleFilled, SafetyOutlined } from '@ant-design/icons';
import { Alert, Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../lib/feedback';
import { errorMessage, isErrorCode } from '@edoc/contract/errors';
import { currentLang } from '../lib/i18n';

/** What the sign dialog needs of single sign-on (features/sso useSsoSigning): the provider and how to start. */
export interface SsoSigning {
  label: string;
  /** Asks the server for the provider's URL (prompt=login, max_age=0) that ends at /sso/proof. */
  start: () => Promise<string>;
}

/** The message /sso/proof (features/sso) sends the dialog that opened the window. */
export interface SsoProofMessage {
  type: 'edoc-sso-proof';
  proof: string | null;
  error: string | null;
}

const isProofMessage = (data: unknown): data is SsoProofMessage =>
  typeof data === 'object' && data !== null && (data as SsoProofMessage).type === 'edoc-sso-proof';

interface SsoReauthProps {
  sso: SsoSigning;
  value?: string;
  onChange?: (proof: string | undefined) => void;
}

/**
 * "Re-authenticate with <provider>" (issue 29 part 2, docs/identity.md): a window opens at the provider, which asks
 * for the sign-in again; its one-use proof comes back by message (same origin only) and is the form value. A
 * window, not a redirect, so the dialog keeps what was typed. The proof is used once, within 5 minutes.
 */
export function SsoReauth({ sso, value, onChange }: SsoReauthProps) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    const listen = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || !isProofMessage(event.data)) return;
      const code = event.data.error;
      setError(code ? errorMessage(isErrorCode(code) ? code : 'sso_proof_invalid', currentLang()) : null);
      onChange?.(event.data.proof ?? undefined);
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, [onChange]);

  const open = () => {
    // Opened in the click itself (a window opened after a network wait is blocked), then sent to the provider.
    const win = window.open('about:blank', 'edoc-sso-reauth', 'popup,width=520,height=680');
    if (!win) {
      setError(t('sso.popupBlocked'));
      return;
    }
    setError(null);
    setPending(true);
    onChange?.(undefined);
    sso
      .start()
      .then((url) => void (win.location.href = url))
      .catch((e: unknown) => {
        win.close();
        setError(errorText(e));
      })
      .finally(() => setPending(false));
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {value ? (
        <Typography.Text id="sso-reauth-done" type="success">
          <CheckCircleFilled /> {t('sso.reauthDone', { label: sso.label })}
        </Typography.Text>
      ) : (
        <Button id="sso-reauth" icon={<SafetyOutlined />} loading={pending} onClick={open}>
          {t('sso.reauthWith', { label: sso.label })}
        </Button>
      )}
      {error && <Alert type="error" showIcon title={error} />}
    </Space>
  );
}
