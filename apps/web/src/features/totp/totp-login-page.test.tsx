import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { captchaResponse, type LoginData } from '@edoc/contract/auth';
import { UserType } from '@edoc/contract/enums';
import { totpRoutes } from '@edoc/contract/totp-routes';
import { connectApiToRouter } from '../../app/api-navigation';
import { AppProviders } from '../../app/providers';
import { LoginPage } from '../auth/pages/login-page';
import { changeLanguage } from '../../lib/i18n';
import { createQueryClient } from '../../lib/query-client';
import { getSession } from '../../lib/session';
import { envelope, mockApi, reply, serve } from '../../test/fetch-mock';

/* The login page with a second factor (issue 29 part 3): /login's totp_required leads to the code step, whose
 * session is kept as the password's would be; back returns to the first step with the e-mail. */

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

const fill = (name: string, value: string) =>
  fireEvent.change(document.querySelector(`input[name="${name}"]`)!, { target: { value } });

async function renderLogin() {
  await changeLanguage('en-US');
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '*', element: <div>landed</div> },
    ],
    { initialEntries: ['/login'] },
  );
  // The login page moves through lib/navigation (it also runs without the router, issue 30): here, this router.
  connectApiToRouter(router);
  render(
    <AppProviders client={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  await screen.findByAltText('Verification code');
  return router;
}

async function passwordStep() {
  fill('email', 'pat@example.com');
  fill('password', 'Passw0rd!');
  fill('captchaCode', '1234');
  fireEvent.click(screen.getByRole('button', { name: /log in/i }));
  const heading = await screen.findByRole('heading', { name: 'Two-factor sign-in' });
  // The step is fetched when it is asked for (issue 30): its way back is there once it has come.
  await screen.findByRole('button', { name: 'Back to sign-in' });
  return heading;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('signing in with a second factor', () => {
  it('asks for the code after the password and keeps the session it opens', async () => {
    mockApi({
      'GET /captcha': () => reply(captchaResponse, { id: 'cap-1', image: 'data:image/png;base64,' }),
      'POST /login': () =>
        envelope(
          { challenge: 'ch-9', enrol: false },
          { status: 403, errorCode: 'totp_required', msg: 'Enter the code from your authenticator app' },
        ),
      ...serve(totpRoutes.login, SESSION),
    });
    const router = await renderLogin();
    expect(await passwordStep()).toBeInTheDocument();
    fill('code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('landed')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/select');
    expect(getSession()).toMatchObject({ token: 'tok-2fa', userName: 'Pat', companyId: 3 });
  });

  it('goes back to the first step with the e-mail kept', async () => {
    mockApi({
      'GET /captcha': () => reply(captchaResponse, { id: 'cap-1', image: 'data:image/png;base64,' }),
      'POST /login': () => envelope({ challenge: 'ch-9', enrol: false }, { status: 403, errorCode: 'totp_required' }),
    });
    await renderLogin();
    await passwordStep();
    fireEvent.click(screen.getByRole('button', { name: 'Back to sign-in' }));
    expect(await screen.findByAltText('Verification code')).toBeInTheDocument();
    expect(document.querySelector<HTMLInputElement>('input[name="email"]')!.value).toBe('pat@example.com');
  });
});
