import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import type { LoginData } from '@edoc/contract/auth';
import { UserType } from '@edoc/contract/enums';
import { totpRoutes } from '@edoc/contract/totp-routes';
import { AppProviders } from '../../app/providers';
import { changeLanguage } from '../../lib/i18n';
import { createQueryClient } from '../../lib/query-client';
import { envelope, mockApi, serve } from '../../test/fetch-mock';
import { TotpSignInStep } from './components/totp-sign-in-step';

const SESSION: LoginData = {
  token: 'tok-2fa',
  userName: 'Pat',
  userId: 5,
  email: 'pat@example.com',
  userType: UserType.Project,
  companyId: 3,
  companyName: 'Acme Pharma',
  lang: 'en-US',
  idleMinutes: 30,
};
const CODES = Array.from({ length: 10 }, (_, i) => `FGHIJ-${String(i).padStart(5, '0')}`);

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;
const fill = (id: string, value: string) => fireEvent.change(document.getElementById(id)!, { target: { value } });

async function renderStep(enrol: boolean, lang: 'en-US' | 'zh-CN' = 'en-US') {
  await changeLanguage(lang);
  const onSignedIn = vi.fn();
  const onBack = vi.fn();
  const view = render(
    <AppProviders client={createQueryClient()}>
      <TotpSignInStep challenge={{ challenge: 'ch-1', enrol }} onSignedIn={onSignedIn} onBack={onBack} />
    </AppProviders>,
  );
  return { onSignedIn, onBack, container: view.container };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the login page's second step", () => {
  it('takes the app code (a wrong one marked under the field), without any token, and opens the session', async () => {
    const fetchMock = mockApi({
      ...serve(totpRoutes.login, (_u, init) =>
        bodyOf(init).code === '111111'
          ? SESSION
          : envelope(null, { status: 400, errorCode: 'totp_code_wrong', msg: 'Wrong authenticator code' }),
      ),
    });
    const { onSignedIn, container } = await renderStep(false);
    expect(screen.getByText('Enter the six-digit code from your authenticator app.')).toBeInTheDocument();
    fill('totp-sign-in-code', '999999');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Wrong authenticator code')).toBeInTheDocument();
    fill('totp-sign-in-code', '111111');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(SESSION));
    const [, init] = fetchMock.mock.calls.at(-1)!;
    expect(bodyOf(init)).toEqual({ challenge: 'ch-1', code: '111111' });
    expect(new Headers(init?.headers).get('Authorization')).toBeNull();
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  it('takes a recovery code instead, and goes back to the first step', async () => {
    const fetchMock = mockApi({ ...serve(totpRoutes.login, SESSION) });
    const { onSignedIn, onBack } = await renderStep(false, 'zh-CN');
    fireEvent.click(screen.getByRole('button', { name: '使用恢复码' }));
    fill('totp-recovery-code', ' abcde-12345 ');
    fireEvent.click(screen.getByRole('button', { name: '验 证' }));
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(bodyOf(fetchMock.mock.calls[0][1])).toEqual({ challenge: 'ch-1', recoveryCode: 'abcde-12345' });
    fireEvent.click(screen.getByRole('button', { name: '返回登录' }));
    expect(onBack).toHaveBeenCalled();
  });

  it("says the server's lockout and stops asking for codes", async () => {
    mockApi({
      ...serve(totpRoutes.login, () =>
        envelope(null, {
          status: 423,
          errorCode: 'too_many_wrong_passwords',
          msg: 'Too many wrong attempts: try again in an hour',
        }),
      ),
    });
    await renderStep(false);
    fill('totp-sign-in-code', '000000');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many wrong attempts: try again in an hour');
    expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();
  });

  it('sets up the factor the company requires, shows the recovery codes, then goes in', async () => {
    const fetchMock = mockApi({
      ...serve(totpRoutes.loginEnrol, {
        secret: 'JBSWY3DPEHPK3PXP',
        uri: 'otpauth://totp/edoc:pat@example.com?secret=JBSWY3DPEHPK3PXP',
        qr: 'data:image/svg+xml;base64,PHN2Zy8+',
      }),
      ...serve(totpRoutes.loginConfirm, { recoveryCodes: CODES, session: SESSION }),
    });
    const { onSignedIn } = await renderStep(true);
    expect(screen.getByText('Your company requires two-factor sign-in. Set it up to continue.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));
    expect(await screen.findByRole('img', { name: /QR code/ })).toBeInTheDocument();
    fill('totp-confirm-code', '222222');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    // Not in before the codes were seen.
    expect(onSignedIn).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onSignedIn).toHaveBeenCalledWith(SESSION);
    expect(bodyOf(fetchMock.mock.calls[0][1])).toEqual({ challenge: 'ch-1' });
    expect(bodyOf(fetchMock.mock.calls[1][1])).toEqual({ challenge: 'ch-1', code: '222222' });
  });
});
