import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  hotp,
  matchStep,
  newRecoveryCodes,
  newSecret,
  normaliseRecoveryCode,
  otpauthUri,
  stepAt,
  totpAt,
} from './totp.ts';

// RFC 6238 Appendix B, SHA-1 rows: the key is the ASCII "12345678901234567890", codes of 8 digits.
const rfcKey = Buffer.from('12345678901234567890', 'ascii');
const vectors: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it('gives the RFC 6238 Appendix B SHA-1 codes', () => {
    for (const [t, code] of vectors) expect(hotp(rfcKey, Math.floor(t / 30), 8)).toBe(code);
  });

  it('round-trips base32 and reads the RFC key through it', () => {
    const secret = base32Encode(rfcKey);
    expect(secret).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode(secret).equals(rfcKey)).toBe(true);
    expect(totpAt(secret, 59_000)).toBe('287082');
    expect(newSecret()).toMatch(/^[A-Z2-7]{32}$/);
  });

  it('accepts one step either side and no further', () => {
    const secret = newSecret();
    const now = 1_700_000_000_000;
    const s = stepAt(now);
    expect(matchStep(secret, totpAt(secret, now), null, now)).toBe(s);
    expect(matchStep(secret, totpAt(secret, now - 30_000), null, now)).toBe(s - 1);
    expect(matchStep(secret, totpAt(secret, now + 30_000), null, now)).toBe(s + 1);
    const far = totpAt(secret, now - 60_000);
    // A far code may collide with a near one by chance (1 in a million); only check when it does not.
    if (![-1, 0, 1].some((d) => totpAt(secret, now + d * 30_000) === far))
      expect(matchStep(secret, far, null, now)).toBeNull();
  });

  it('never accepts a step twice, nor an older one', () => {
    const secret = newSecret();
    const now = 1_700_000_000_000;
    const s = stepAt(now);
    expect(matchStep(secret, totpAt(secret, now), s, now)).toBeNull();
    expect(matchStep(secret, totpAt(secret, now - 30_000), s, now)).toBeNull();
    expect(matchStep(secret, totpAt(secret, now + 30_000), s, now)).toBe(s + 1);
  });

  it('refuses malformed codes', () => {
    const secret = newSecret();
    for (const code of ['', '12345', '1234567', 'abcdef', ' 123456']) expect(matchStep(secret, code, null)).toBeNull();
  });

  it('builds the otpauth URI and recovery codes', () => {
    const uri = otpauthUri('ABC', 'a.b@x.org');
    expect(uri).toBe('otpauth://totp/edoc%3Aa.b%40x.org?secret=ABC&issuer=edoc&algorithm=SHA1&digits=6&period=30');
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[A-Z2-7]{5}-[A-Z2-7]{5}$/);
    expect(normaliseRecoveryCode(' abcde-fghij ')).toBe('ABCDEFGHIJ');
  });
});
