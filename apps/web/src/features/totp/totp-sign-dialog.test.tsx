import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DocStatus } from '@edoc/contract/enums';
import type { TotpStatus } from '@edoc/contract/totp';
import { totpRoutes } from '@edoc/contract/totp-routes';
import { transitionAnswer } from '@edoc/contract/workflow-requests';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { envelope, reply, serve } from '../../test/fetch-mock';
import { byId, findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { signIn } from '../../test/session';
import { bodyOf, callsTo, detail, serveViewer } from '../../test/workflow-fixtures';

/* The sign dialog of a signer with a second factor (issue 29 part 3): the app's code is asked with the password and
 * sent with the signature; a signer without one is asked the password alone. */

const ON: TotpStatus = {
  enrolled: true,
  confirmedAt: '2026-11-01T10:00:00.000Z',
  required: false,
  recoveryCodesLeft: 10,
};
const OFF: TotpStatus = { enrolled: false, confirmedAt: null, required: false, recoveryCodesLeft: 0 };

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

async function openPass(status: TotpStatus, lang: 'en-US' | 'zh-CN') {
  await changeLanguage(lang);
  signIn();
  const fetchMock = serveViewer(
    detail({ actions: ['pass', 'reject'], status: DocStatus.InReview, signing: { required: true, needsEmail: false } }),
    {
      ...serve(totpRoutes.status, status),
      'POST /file/audit/7/a': (_u, init) =>
        JSON.parse(String(init?.body)).signature.totpCode === '000000'
          ? envelope(null, { status: 400, errorCode: 'totp_code_wrong', msg: '动态验证码错误' })
          : reply(transitionAnswer, { fileId: 7, status: DocStatus.InQc }),
    },
  );
  renderApp('/view?fileId=7&fileVerId=70');
  fireEvent.click(await findById('workflow-action-pass'));
  await waitFor(() => expect(callsTo(fetchMock, 'GET', '/totp')).toHaveLength(1));
  return { fetchMock, modal: (await screen.findByRole('dialog')) as HTMLElement };
}

describe('signing with a second factor', () => {
  it('asks for the code with the password (Chinese), shows a wrong one, and sends it with the signature', async () => {
    const { fetchMock, modal } = await openPass(ON, 'zh-CN');
    const code = await within(modal).findByLabelText('身份验证器中的验证码');
    fireEvent.change(modal.querySelector('input[name="signature-password"]')!, { target: { value: 'Secret#2026' } });
    fireEvent.click(modal.querySelector('input[name="signature-confirmed"]')!);
    fireEvent.click(byId('workflow-decide-ok'));
    expect(await within(modal).findByText('请输入动态验证码')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/file/audit/7/a')).toHaveLength(0);

    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.click(byId('workflow-decide-ok'));
    expect(await screen.findByText('动态验证码错误')).toBeInTheDocument();
    fireEvent.change(code, { target: { value: '12 34 56' } });
    fireEvent.click(byId('workflow-decide-ok'));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/file/audit/7/a')).toHaveLength(2));
    expect(bodyOf(callsTo(fetchMock, 'POST', '/file/audit/7/a')[1])).toMatchObject({
      pass: true,
      signature: { password: 'Secret#2026', totpCode: '123456', confirmed: true },
    });
  });

  it('asks a signer without a factor for the password alone', async () => {
    const { modal } = await openPass(OFF, 'en-US');
    expect(modal.querySelector('input[name="signature-password"]')).not.toBeNull();
    expect(modal.querySelector('input[name="signature-totp-code"]')).toBeNull();
  });
});
