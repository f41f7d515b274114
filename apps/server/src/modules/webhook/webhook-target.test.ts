import { describe, expect, it } from 'vitest';
import { isPrivateAddress, resolveWebhookTarget } from './webhook-target.ts';
import { signWebhook, verifyWebhookSignature } from './webhook-sign.ts';

describe('webhook targets (SSRF rule)', () => {
  it.each([
    '127.0.0.1',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '64:ff9b::a9fe:a9fe',
    'fe80::1',
    'fd12:3456::1',
    'ff02::1',
  ])('refuses %s', (a) => expect(isPrivateAddress(a)).toBe(true));

  it.each(['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows %s', (a) =>
    expect(isPrivateAddress(a)).toBe(false),
  );

  it.each([
    'http://127.0.0.1/hook',
    'http://10.0.0.1/hook',
    'http://169.254.169.254/latest/meta-data',
    'http://[::1]:8080/hook',
    'http://[::ffff:127.0.0.1]/hook',
    'https://localhost/hook',
  ])('refuses %s at resolution unless private targets are allowed', async (url) => {
    await expect(resolveWebhookTarget(url, false)).rejects.toMatchObject({ reason: 'private' });
    await expect(resolveWebhookTarget(url, true)).resolves.toMatchObject({ url: new URL(url) });
  });

  it('refuses other schemes, credentials and names that do not resolve', async () => {
    await expect(resolveWebhookTarget('ftp://example.com/x', true)).rejects.toMatchObject({ reason: 'scheme' });
    await expect(resolveWebhookTarget('not a url', true)).rejects.toMatchObject({ reason: 'scheme' });
    await expect(resolveWebhookTarget('https://u:p@example.com/', true)).rejects.toMatchObject({ reason: 'scheme' });
    await expect(resolveWebhookTarget('https://nothing.invalid/', true)).rejects.toMatchObject({
      reason: 'unresolved',
    });
  });

  it('answers the checked address, which the request then connects to', async () => {
    const t = await resolveWebhookTarget('http://localhost:9/x', true);
    expect(isPrivateAddress(t.address)).toBe(true);
  });
});

describe('webhook signatures', () => {
  it('verify within five minutes and not after, nor with another body or secret', () => {
    const header = signWebhook('s3cret', '{"a":1}', 1_800_000_000);
    expect(header).toMatch(/^t=1800000000,v1=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature('s3cret', '{"a":1}', header, 1_800_000_299)).toBe(true);
    expect(verifyWebhookSignature('s3cret', '{"a":1}', header, 1_800_000_301)).toBe(false);
    expect(verifyWebhookSignature('s3cret', '{"a":2}', header, 1_800_000_000)).toBe(false);
    expect(verifyWebhookSignature('other', '{"a":1}', header, 1_800_000_000)).toBe(false);
    expect(verifyWebhookSignature('s3cret', '{"a":1}', 'garbage', 1_800_000_000)).toBe(false);
  });
});
