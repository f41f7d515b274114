import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DocStatus } from '@edoc/contract/enums';
import { ssoRoutes } from '@edoc/contract/sso-routes';
import { totpRoutes } from '@edoc/contract/totp-routes';
import { transitionAnswer } from '@edoc/contract/workflow-requests';
import type { SsoProofMessage } from '../../components/sso-reauth';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { envelope, reply, serve } from '../../test/fetch-mock';
import { byId, findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { getSessionValue } from '../../lib/session';
import { signIn } from '../../test/session';
import { bodyOf, callsTo, detail, serveViewer } from '../../test/workflow-fixtures';

/* The decision dialog of an SSO account (issue 29 part 2): the server spends the proof of a fresh authentication
 * when it checks it, so after a refused signing the dialog must drop it and ask for a new one — sending it again
 * was refused, and when that refusal was a 401 it signed the user out. */

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  stopIdle();
});

const sendProof = (proof: string) =>
  act(async () => {
    const data: SsoProofMessage = { type: 'edoc-sso-proof', proof, error: null };
    window.dispatchEvent(new MessageEvent('message', { data, origin: window.location.origin }));
  });

describe('signing under SSO after a refusal', () => {
  it('drops the spent proof, says why under the field (Chinese), and signs with a new one', async () => {
    await changeLanguage('zh-CN');
    signIn();
    const popup = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const answers = [
      envelope(null, { status: 400, errorCode: 'invalid_value', msg: '时区无效' }),
      envelope(null, {
        status: 400,
        errorCode: 'sso_proof_invalid',
        msg: '身份确认已过期、已使用或不属于您，请重新确认',
      }),
    ];
    const fetchMock = serveViewer(
      detail({ actions: ['pass'], status: DocStatus.InReview, signing: { required: true, needsEmail: false } }),
      {
        ...serve(totpRoutes.status, { enrolled: false, confirmedAt: null, required: false, recoveryCodesLeft: 0 }),
        ...serve(ssoRoutes.account, { provider: { providerId: 1, label: 'Acme ID' } }),
        ...serve(ssoRoutes.signStart, { url: 'https://login.acme.example/auth?prompt=login' }),
        'POST /file/audit/7/a': () => answers.shift() ?? reply(transitionAnswer, { fileId: 7, status: DocStatus.InQc }),
      },
    );
    renderApp('/view?fileId=7&fileVerId=70');
    fireEvent.click(await findById('workflow-action-pass'));
    const modal = await screen.findByRole('dialog');
    // The statement names what confirms the signature: the fresh sign-in at the provider, not a password.
    expect(await within(modal).findByText(/签名即以在 Acme ID 重新登录确认本次处理/)).toBeInTheDocument();
    expect(within(modal).queryByText(/以您的密码确认/)).toBeNull();
    fireEvent.click(within(modal).getByRole('checkbox'));
    const sign = async (proof: string) => {
      fireEvent.click(await within(modal).findByRole('button', { name: /在 Acme ID 重新验证身份/ }));
      await waitFor(() => expect(popup.location.href).toContain('prompt=login'));
      await sendProof(proof);
      expect(await within(modal).findByText(/已在 Acme ID 重新验证身份/)).toBeInTheDocument();
      fireEvent.click(byId('workflow-decide-ok'));
    };

    // Refused for another reason after the server spent the proof: the re-authentication is asked again.
    await sign('p-1');
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/file/audit/7/a')).toHaveLength(1));
    expect(await findById('sso-reauth')).toBeInTheDocument();
    expect(document.getElementById('sso-reauth-done')).toBeNull();

    // The proof itself refused: said under the field, and the user is still signed in.
    await sign('p-2');
    expect(await within(modal).findByText('身份确认已过期、已使用或不属于您，请重新确认')).toBeInTheDocument();
    expect(await findById('sso-reauth')).toBeInTheDocument();
    expect(getSessionValue('token')).toBeTruthy();

    await sign('p-3');
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/file/audit/7/a')).toHaveLength(3));
    const proofs = callsTo(fetchMock, 'POST', '/file/audit/7/a').map(
      (c) => (bodyOf(c) as { signature: { ssoProof?: string } }).signature.ssoProof,
    );
    expect(proofs).toEqual(['p-1', 'p-2', 'p-3']);
  });
});
