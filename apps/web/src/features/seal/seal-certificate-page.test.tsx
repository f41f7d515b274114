import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { unreadReleases } from '@edoc/contract/release';
import { sealCertificate } from '@edoc/contract/seal';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { mockApi, reply } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';
import { signIn } from '../../test/session';

const generated = {
  subject: 'CN=edoc document signing, O=edoc',
  issuer: 'CN=edoc document signing, O=edoc',
  serialNumber: '01AB',
  validFrom: '2026-01-01T00:00:00.000Z',
  validTo: '2036-01-01T00:00:00.000Z',
  fingerprintSha256: 'AA:BB',
  source: 'generated' as const,
  chainLength: 1,
  installedAt: '2026-01-01T00:00:00.000Z',
  certificatePem: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n',
};

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

describe('document-signing certificate page', () => {
  it('shows the certificate in use and installs the company one from PEM after confirmation', async () => {
    await changeLanguage('en-US');
    signIn('system');
    const fetchMock = mockApi({
      'GET /system/signing-certificate': () => reply(sealCertificate, generated),
      'POST /system/signing-certificate': () =>
        reply(sealCertificate, { ...generated, subject: 'CN=Example Pharma QA', source: 'installed' }),
      'GET /release/unread': () => reply(unreadReleases, { releases: [] }),
    });
    renderApp('/system/signing');
    // Subject and issuer alike: self-signed.
    expect(await screen.findAllByText('CN=edoc document signing, O=edoc')).toHaveLength(2);
    expect(screen.getByText('Made by edoc (self-signed)')).toBeInTheDocument();

    // The contract's own rule words the missing key as the server would.
    fireEvent.click(screen.getByRole('button', { name: 'Install' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Private key is required')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Private key (PEM, unencrypted)'), { target: { value: 'KEY' } });
    fireEvent.change(screen.getByLabelText('Certificate chain (PEM, the signing certificate first)'), {
      target: { value: 'CERT' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Install' }));
    const confirm = await screen.findAllByRole('button', { name: 'Confirm' });
    fireEvent.click(confirm[confirm.length - 1]);
    await waitFor(() => expect(screen.getByText('Installed by an administrator')).toBeInTheDocument());
    const post = fetchMock.mock.calls.find(
      ([u, init]) => String(u).includes('/system/signing') && init?.method === 'POST',
    );
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ privateKey: 'KEY', certificate: 'CERT' });
    expect(
      within(document.getElementById('signing-certificate')!).getByText('CN=Example Pharma QA'),
    ).toBeInTheDocument();
  });
});
