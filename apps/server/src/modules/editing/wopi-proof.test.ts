import { editingRoutes } from '@edoc/contract/editing-routes';
import { documentRoutes } from '@edoc/contract/document-routes';
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createProjectWorld, type ProjectWorld } from '../../test/factories.ts';
import { client } from '../../test/requests.ts';
import { startFakeEditor, WORD_URLSRC } from '../../test/wopi-editor.ts';
import { actionUrlOf, editActionOf, parseDiscovery } from './wopi-discovery.ts';
import { proofBytes, ticksOf } from './wopi-proof.ts';

// Issue 15: the WOPI proof keys are checked when the editor sends them; a bad proof is refused, never a 5xx.
const HOST = 'https://edoc.example.test/office';
let ctx: TestContext;
let world: ProjectWorld;
let fake: Awaited<ReturnType<typeof startFakeEditor>>;
let wopi: { sessionId: number; token: string };

const docx = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('proof')]);
/** The path the editor calls, and the full URL it signs (WOPISrc is built on WOPI_HOST_URL, here with a path). */
const pathOf = () => `/wopi/files/${wopi.sessionId}/contents?access_token=${encodeURIComponent(wopi.token)}`;
const fullUrl = () => `${HOST}${pathOf()}`;
const getFile = (headers: Record<string, string>) => ctx.app.inject({ url: pathOf(), headers });

beforeAll(async () => {
  fake = await startFakeEditor();
  ctx = await createTestContext({ WOPI_DISCOVERY_URL: fake.url, WOPI_HOST_URL: `${HOST}/` });
  world = await createProjectWorld(ctx, 'WP-1');
  const pm = client(ctx.app, world.pm.token);
  const saved = await pm.callUpload(documentRoutes.upload, {
    fields: { folderId: world.folderByIch.get('8.2.2')!, name: 'Proof' },
    file: { name: 'proof.docx', content: docx },
  });
  const started = await pm.call(editingRoutes.start, { body: { fileId: saved.data.fileId, mode: 'wopi' } });
  const { actionUrl, accessToken } = started.data.wopi!;
  const src = new URL(actionUrl).searchParams.get('WOPISrc')!;
  expect(src.startsWith(`${HOST}/wopi/files/`)).toBe(true);
  wopi = { sessionId: Number(src.split('/').pop()), token: accessToken };
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

describe('proof keys on the editor’s calls', () => {
  it('accepts a call without proof headers, and one the editor signed with its current or old key', async () => {
    expect((await getFile({})).statusCode).toBe(200);
    const good = await getFile(fake.proofHeaders(wopi.token, fullUrl()));
    expect([good.statusCode, good.rawPayload.equals(docx)]).toEqual([200, true]);
    // Signed with the old key: the host has not seen the rotation yet.
    expect(
      (await getFile(fake.proofHeaders(wopi.token, fullUrl(), { proofKey: fake.keys.old.privateKey }))).statusCode,
    ).toBe(200);
  });

  it('accepts the old proof with the current key when the new proof is by a key it does not know yet', async () => {
    const unknown = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const at = Date.now();
    const rotated = fake.proofHeaders(wopi.token, fullUrl(), { at, proofKey: unknown });
    // The "old" proof is by the current key here: the editor rotated, its old key is the one edoc knows as current.
    const current = fake.proofHeaders(wopi.token, fullUrl(), { at });
    const res = await getFile({ ...rotated, 'x-wopi-proofold': current['x-wopi-proof'] });
    expect(res.statusCode).toBe(200);
  });

  it('refuses with 401 a forged proof, a proof of another URL or token, an old timestamp and a garbled one', async () => {
    const forger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const forged = fake.proofHeaders(wopi.token, fullUrl(), { proofKey: forger });
    const cases = {
      forged: { ...forged, 'x-wopi-proofold': forged['x-wopi-proof'] },
      otherUrl: fake.proofHeaders(wopi.token, fullUrl().replace('/contents', '')),
      otherToken: fake.proofHeaders(`${wopi.token}x`, fullUrl()),
      old: fake.proofHeaders(wopi.token, fullUrl(), { at: Date.now() - 21 * 60_000 }),
      noTimestamp: { 'x-wopi-proof': fake.proofHeaders(wopi.token, fullUrl())['x-wopi-proof'] },
      garbled: { ...fake.proofHeaders(wopi.token, fullUrl()), 'x-wopi-timestamp': 'yesterday' },
      notBase64: { ...fake.proofHeaders(wopi.token, fullUrl()), 'x-wopi-proof': '%%%', 'x-wopi-proofold': '' },
    };
    for (const [name, headers] of Object.entries(cases))
      expect([name, (await getFile(headers)).statusCode]).toEqual([name, 401]);
    // A timestamp 19 minutes old still holds.
    expect((await getFile(fake.proofHeaders(wopi.token, fullUrl(), { at: Date.now() - 19 * 60_000 }))).statusCode).toBe(
      200,
    );
  });
});

describe('the signed bytes and the discovery', () => {
  it('lays out token, upper-cased URL and .NET ticks, each after its 4-byte big-endian length', () => {
    const ticks = ticksOf(Date.UTC(2020, 0, 1));
    expect(ticks).toBe(637134336000000000n);
    const bytes = proofBytes('tok', 'https://h/a?b', ticks);
    expect(bytes.readInt32BE(0)).toBe(3);
    expect(bytes.toString('utf8', 4, 7)).toBe('tok');
    expect(bytes.readInt32BE(7)).toBe(13);
    expect(bytes.toString('utf8', 11, 24)).toBe('HTTPS://H/A?B');
    expect([bytes.readInt32BE(24), bytes.readBigInt64BE(28), bytes.length]).toEqual([8, ticks, 36]);
  });

  it('finds the edit page by extension or by MIME type, and reads a key given only as Microsoft’s blob', () => {
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const jwk = publicKey.export({ format: 'jwk' });
    const modulus = Buffer.from(jwk.n!, 'base64url');
    // PUBLICKEYBLOB: BLOBHEADER, "RSA1", bit length, exponent, modulus — little-endian.
    const head = Buffer.alloc(20);
    head.writeUInt8(0x06, 0);
    head.writeUInt8(0x02, 1);
    head.write('RSA1', 8, 'latin1');
    head.writeUInt32LE(modulus.length * 8, 12);
    head.writeUInt32LE(Buffer.from(jwk.e!, 'base64url').readUIntBE(0, 3), 16);
    const blob = Buffer.concat([head, Buffer.from(modulus).reverse()]).toString('base64');
    const d = parseDiscovery(
      `<wopi-discovery><net-zone><app name='Word'><action name="edit" ext="DOCX" urlsrc="${WORD_URLSRC.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}"/></app>` +
        `<app name="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"><action name="edit" ext="" urlsrc="https://c/cool.html?"/></app>` +
        `</net-zone><proof-key value="${blob}" oldvalue="not a key"/></wopi-discovery>`,
    );
    expect(d.proofKeys.current?.export({ format: 'jwk' })).toEqual(jwk);
    expect(d.proofKeys.old).toBeNull();
    expect(editActionOf(d, 'docx')).toBe(WORD_URLSRC);
    expect(editActionOf(d, 'XLSX')).toBe('https://c/cool.html?');
    expect(editActionOf(d, 'pptx')).toBeNull();
    expect(actionUrlOf('https://c/cool.html?', 'https://e/wopi/files/1')).toBe(
      'https://c/cool.html?WOPISrc=https%3A%2F%2Fe%2Fwopi%2Ffiles%2F1',
    );
    expect(actionUrlOf('https://c/x?lang=en', 'w')).toBe('https://c/x?lang=en&WOPISrc=w');
  });
});
