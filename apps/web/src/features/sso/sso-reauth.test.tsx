import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, Form } from 'antd';
import { ESignatureFields, type ESignatureValues } from '../../components/e-signature-fields';
import type { SsoProofMessage } from '../../components/sso-reauth';
import { changeLanguage } from '../../lib/i18n';

/** The sign dialog's fields for an SSO account: no password; the provider's window hands back the proof. */
function Signing({ start, onFinish }: { start: () => Promise<string>; onFinish: (v: ESignatureValues) => void }) {
  const [form] = Form.useForm<{ signature: ESignatureValues }>();
  return (
    <App>
      <Form form={form} onFinish={(v) => onFinish(v.signature)}>
        <ESignatureFields meaning="approved" needsEmail={false} sso={{ label: 'Acme ID', start }} />
        <button type="submit">sign</button>
      </Form>
    </App>
  );
}

describe('signing under SSO (issue 29 part 2)', () => {
  it('asks a fresh authentication instead of the password, and signs with the proof the window sends back', async () => {
    await changeLanguage('en-US');
    const popup = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const start = vi.fn().mockResolvedValue('https://login.acme.example/auth?prompt=login');
    const onFinish = vi.fn();
    render(<Signing start={start} onFinish={onFinish} />);
    expect(screen.queryByLabelText('Password')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'sign' }));
    expect(await screen.findByText('Re-authenticate with Acme ID before signing')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: /Re-authenticate with Acme ID/ }));
    await waitFor(() => expect(popup.location.href).toBe('https://login.acme.example/auth?prompt=login'));
    // A message from another origin is ignored; the app's own /sso/proof page's is taken.
    const proof: SsoProofMessage = { type: 'edoc-sso-proof', proof: 'p-1', error: null };
    await act(async () => {
      window.dispatchEvent(new MessageEvent('message', { data: proof, origin: 'https://evil.example' }));
    });
    expect(screen.queryByText('Authenticated again at Acme ID')).toBeNull();
    await act(async () => {
      window.dispatchEvent(new MessageEvent('message', { data: proof, origin: window.location.origin }));
    });
    expect(await screen.findByText(/Authenticated again at Acme ID/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: /legally binding/ }));
    fireEvent.click(screen.getByRole('button', { name: 'sign' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith(expect.objectContaining({ ssoProof: 'p-1' })));
  });

  it("shows the provider's refusal in the page's language", async () => {
    await changeLanguage('zh-CN');
    render(<Signing start={vi.fn()} onFinish={vi.fn()} />);
    const stale: SsoProofMessage = { type: 'edoc-sso-proof', proof: null, error: 'sso_reauth_stale' };
    await act(async () => {
      window.dispatchEvent(new MessageEvent('message', { data: stale, origin: window.location.origin }));
    });
    expect(await screen.findByText('身份提供方的登录不是刚刚进行的，请重新确认')).toBeInTheDocument();
  });
});
