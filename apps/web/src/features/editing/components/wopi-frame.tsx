import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The customer's WOPI editor inside the viewer (issue 15, onlineEdit=1). The access token is posted to the editor in
 * a form, as WOPI asks, so it never appears in an address, a history entry or a referrer.
 */
export function WopiFrame({ actionUrl, accessToken, ttl }: { actionUrl: string; accessToken: string; ttl: number }) {
  const { t } = useTranslation();
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => form.current?.submit(), [actionUrl, accessToken]);
  return (
    <>
      <form ref={form} action={actionUrl} method="post" target="wopi-editor" style={{ display: 'none' }}>
        <input type="hidden" name="access_token" value={accessToken} />
        <input type="hidden" name="access_token_ttl" value={String(ttl)} />
      </form>
      <iframe
        id="wopi-editor"
        name="wopi-editor"
        title={t('editing.inBrowser')}
        allow="clipboard-read; clipboard-write"
        style={{ width: '100%', height: '100%', border: 0, background: '#fff' }}
      />
    </>
  );
}
