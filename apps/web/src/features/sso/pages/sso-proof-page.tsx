import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { SsoProofMessage } from '../../../components/sso-reauth';
import { fragmentValue } from '../components/sso-error';

/**
 * /sso/proof (issue 29 part 2): the re-authentication window's last stop. The server's callback put the one-use
 * signing proof (or the refusal) in the fragment; it goes to the sign dialog that opened this window — same origin
 * only — and the window closes. The dialog, its comment and its choices stayed as they were.
 */
export function SsoProofPage() {
  const { t } = useTranslation();
  const sent = useRef(false);
  useEffect(() => {
    // Once: a second run (React's development double effect) finds the fragment gone and would send "no proof".
    if (sent.current) return;
    sent.current = true;
    const message: SsoProofMessage = {
      type: 'edoc-sso-proof',
      proof: fragmentValue('sso_proof'),
      error: fragmentValue('sso_error'),
    };
    window.history.replaceState(null, '', window.location.pathname);
    const opener = window.opener as Window | null;
    if (!opener) return;
    opener.postMessage(message, window.location.origin);
    window.close();
  }, []);
  return (
    <main style={{ padding: 24 }}>
      <p role="status">{t('sso.proofDone')}</p>
    </main>
  );
}
