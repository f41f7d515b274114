import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { totpRoutes } from '@edoc/contract/totp-routes';
import { AppProviders } from '../../app/providers';
import { changeLanguage } from '../../lib/i18n';
import { createQueryClient } from '../../lib/query-client';
import { envelope, mockApi, serve } from '../../test/fetch-mock';
import { byId, clickOption } from '../../test/queries';
import { signIn } from '../../test/session';
import { ResetTotpButton } from './components/reset-totp-button';
import { SignInPolicyCard } from './components/sign-in-policy-card';

/* Company administration (issue 29 part 3): the sign-in policy as the server keeps it, its refusal under the field;
 * the administrator's reset only after a confirmation. */

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;

async function renderIn(node: React.ReactNode) {
  await changeLanguage('en-US');
  signIn('company');
  render(<AppProviders client={createQueryClient()}>{node}</AppProviders>);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('sign-in policy', () => {
  it("shows the company's policy, puts the server's refusal under password sign-in, and saves", async () => {
    const sent: Record<string, unknown>[] = [];
    mockApi({
      ...serve(totpRoutes.policy, {
        companyId: 3,
        totpRequired: false,
        totpRoles: ['STU_PM'],
        passwordSignIn: true,
        ssoEnabled: false,
        roles: [
          { code: 'CRA', name: 'Monitor', builtin: false },
          { code: 'STU_PM', name: 'Project administrator', builtin: true },
        ],
      }),
      ...serve(totpRoutes.setPolicy, (_u, init) => {
        const body = bodyOf(init);
        sent.push(body);
        return body.passwordSignIn
          ? null
          : envelope(null, {
              status: 400,
              errorCode: 'password_sign_in_needs_sso',
              msg: 'Password sign-in can be switched off only with a single sign-on provider',
            });
      }),
    });
    await renderIn(<SignInPolicyCard companyId={null} />);
    // The roles are the company's, picked by name (a built-in one in the page's language), sent as their codes.
    expect(await screen.findByText('Project administrator (STU_PM)')).toBeInTheDocument();
    fireEvent.mouseDown(byId('policy-totp-roles'));
    await clickOption('Monitor (CRA)');
    expect(
      screen.getByText('Can be switched off only when the company has a single sign-on provider.'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('switch', { name: 'Password sign-in' }));
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    expect(
      await screen.findByText('Password sign-in can be switched off only with a single sign-on provider'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('switch', { name: 'Password sign-in' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Two-factor sign-in for everyone' }));
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ companyId: 3, totpRequired: true, totpRoles: ['STU_PM', 'CRA'], passwordSignIn: true });
  });

  it("resets a user's factor only after the confirmation", async () => {
    const fetchMock = mockApi({ ...serve(totpRoutes.reset, null) });
    await renderIn(<ResetTotpButton user={{ userId: 8, email: 'bob@example.com' }} companyId={4} />);
    fireEvent.click(screen.getByRole('button', { name: 'Reset two-factor' }));
    expect(await screen.findByText(/bob@example.com loses the authenticator app/)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(String(fetchMock.mock.calls[0][0])).toMatch(/\/totp\/reset\/8\?companyId=4$/);
    expect(await screen.findByText('Two-factor sign-in of bob@example.com reset')).toBeInTheDocument();
  });
});
