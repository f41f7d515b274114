import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { totpRoutes } from '@edoc/contract/totp-routes';
import type { TotpStatus } from '@edoc/contract/totp';
import { AppProviders } from '../../app/providers';
import { changeLanguage } from '../../lib/i18n';
import { createQueryClient } from '../../lib/query-client';
import { envelope, mockApi, serve } from '../../test/fetch-mock';
import { signIn } from '../../test/session';
import { TotpTab } from './components/totp-tab';

const CODES = Array.from({ length: 10 }, (_, i) => `ABCDE-${String(i).padStart(5, '0')}`);
const ENROLMENT = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  uri: 'otpauth://totp/edoc:pat@example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=edoc',
  qr: 'data:image/svg+xml;base64,PHN2Zy8+',
};
const OFF: TotpStatus = { enrolled: false, confirmedAt: null, required: false, recoveryCodesLeft: 0 };
const ON: TotpStatus = {
  enrolled: true,
  confirmedAt: '2026-11-01T10:00:00.000Z',
  required: true,
  recoveryCodesLeft: 9,
};

const saved: string[] = [];
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;
const fill = (id: string, value: string) => fireEvent.change(document.getElementById(id)!, { target: { value } });
/** The form item of a field: its label, input and the error under it. */
const itemOf = (id: string) => document.getElementById(id)!.closest('.ant-form-item') as HTMLElement;

async function renderTab(lang: 'en-US' | 'zh-CN' = 'en-US') {
  await changeLanguage(lang);
  signIn('project');
  const view = render(
    <AppProviders client={createQueryClient()}>
      <TotpTab />
    </AppProviders>,
  );
  return view;
}

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:codes');
  URL.revokeObjectURL = vi.fn();
  // jsdom cannot follow a download link; the file's name is what the click would save.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  saved.length = 0;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the user centre: two-factor sign-in', () => {
  it('sets up a factor: password again, QR code and key, a wrong then a right code, recovery codes once', async () => {
    let status = OFF;
    const sent: Record<string, unknown>[] = [];
    mockApi({
      ...serve(totpRoutes.status, () => status),
      ...serve(totpRoutes.enrol, (_u, init) => (sent.push(bodyOf(init)), ENROLMENT)),
      ...serve(totpRoutes.confirm, (_u, init) => {
        const { code } = bodyOf(init);
        sent.push({ code });
        if (code !== '123456')
          return envelope(null, { status: 400, errorCode: 'totp_code_wrong', msg: 'Wrong authenticator code' });
        status = { ...ON, required: false, recoveryCodesLeft: 10 };
        return { recoveryCodes: CODES };
      }),
    });
    await renderTab();
    expect(await screen.findByText('Off')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));
    const dialog = await screen.findByRole('dialog');
    fill('totp-enrol-password', 'Passw0rd!');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));

    const qr = await within(dialog).findByRole('img', { name: 'QR code to scan with the authenticator app' });
    expect(qr).toHaveAttribute('src', ENROLMENT.qr);
    expect(within(dialog).getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    // The code field keeps digits only, as the app shows them.
    fill('totp-confirm-code', '65 43 21');
    expect(document.getElementById('totp-confirm-code')).toHaveValue('654321');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Wrong authenticator code')).toBeInTheDocument();
    expect(itemOf('totp-confirm-code')).toHaveTextContent('Wrong authenticator code');
    expect(document.querySelector('.ant-message-notice')).toBeNull();

    fill('totp-confirm-code', '123456');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    const list = await within(dialog).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(within(dialog).getByText(/They are shown only now/)).toBeInTheDocument();
    expect(sent).toEqual([{ password: 'Passw0rd!' }, { code: '654321' }, { code: '123456' }]);

    // Saved as a text file in the interface's language, with every code.
    fireEvent.click(within(dialog).getByRole('button', { name: /Download/ }));
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0][0] as Blob;
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob);
    });
    expect(text).toContain('edoc recovery codes');
    for (const code of CODES) expect(text).toContain(code);
    expect(saved).toEqual(['edoc-recovery-codes.txt']);

    const results = await axe.run(dialog, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => v.id)).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('On')).toBeInTheDocument();
    expect(screen.getByText('10')).toBeInTheDocument();
  });

  it('shows the server refusing to turn off a factor the policy requires, in its own words (Chinese)', async () => {
    mockApi({
      ...serve(totpRoutes.status, ON),
      ...serve(totpRoutes.disable, () =>
        envelope(null, { status: 409, errorCode: 'totp_required_by_policy', msg: '贵公司要求启用双重验证，不能关闭' }),
      ),
    });
    await renderTab('zh-CN');
    expect(await screen.findByText('要求您启用')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '关 闭' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/恢复码也将失效/)).toBeInTheDocument();
    fill('totp-disable-password', 'Passw0rd!');
    fill('totp-disable-code', '123456');
    fireEvent.click(within(dialog).getByRole('button', { name: '关 闭' }));
    expect(await screen.findByText('贵公司要求启用双重验证，不能关闭')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('dialog')).toBeInTheDocument());
  });

  it('puts a wrong code on turning off under the code field, not in a passing message (Chinese)', async () => {
    mockApi({
      ...serve(totpRoutes.status, { ...ON, required: false }),
      ...serve(totpRoutes.disable, () =>
        envelope(null, { status: 400, errorCode: 'totp_code_wrong', msg: '动态验证码错误' }),
      ),
    });
    await renderTab('zh-CN');
    fireEvent.click(await screen.findByRole('button', { name: '关 闭' }));
    const dialog = await screen.findByRole('dialog');
    fill('totp-disable-password', 'Passw0rd!');
    fill('totp-disable-code', '000000');
    fireEvent.click(within(dialog).getByRole('button', { name: '关 闭' }));
    await waitFor(() => expect(itemOf('totp-disable-code')).toHaveTextContent('动态验证码错误'));
    expect(document.querySelector('.ant-message-notice')).toBeNull();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('makes new recovery codes for a current code', async () => {
    const fetchMock = mockApi({
      ...serve(totpRoutes.status, { ...ON, recoveryCodesLeft: 1 }),
      ...serve(totpRoutes.recoveryCodes, { recoveryCodes: CODES }),
    });
    await renderTab();
    expect(await screen.findByText('Few recovery codes are left: make new ones.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'New recovery codes' }));
    const dialog = await screen.findByRole('dialog');
    fill('totp-renew-code', '246810');
    fireEvent.click(within(dialog).getByRole('button', { name: 'New recovery codes' }));
    expect(await within(dialog).findByText(CODES[9])).toBeInTheDocument();
    const renewal = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/totp/recovery-codes'));
    expect(bodyOf(renewal?.[1])).toEqual({ code: '246810' });
  });
});
