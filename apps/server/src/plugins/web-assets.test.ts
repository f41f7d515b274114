import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';

// Issue 16: the web app's files as the server sends them — compressed at build time, cached when hashed.
let ctx: TestContext;
let dist: string;
const script = Buffer.from(`console.log(${JSON.stringify('edoc '.repeat(400))});\n`);

beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'edoc-dist-'));
  await fs.mkdir(path.join(dist, 'assets'));
  await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><title>edoc</title><div id="root"></div>');
  const asset = path.join(dist, 'assets', 'index-AbC123.js');
  await fs.writeFile(asset, script);
  await fs.writeFile(`${asset}.br`, brotliCompressSync(script));
  await fs.writeFile(`${asset}.gz`, gzipSync(script));
  ctx = await createTestContext({ WEB_DIST: dist });
});
afterAll(async () => {
  await ctx.close();
  await fs.rm(dist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('the web app’s files', () => {
  it('sends the brotli file to a browser that takes br, the gzip one to one that takes only gzip', async () => {
    const br = await get('/assets/index-AbC123.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.equals(brotliCompressSync(script))).toBe(true);
    const gz = await get('/assets/index-AbC123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.length).toBeLessThan(script.length / 5);
    const plain = await get('/assets/index-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(script)).toBe(true);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });

  it('lets browsers keep hashed assets for good, and asks again for index.html and every app address', async () => {
    expect((await get('/assets/index-AbC123.js', 'br')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    for (const url of ['/index.html', '/work', '/manage/report?tab=trail']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('keeps the API out of it: answers stay uncached envelopes', async () => {
    const res = await get('/edoc/health', 'br');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('keeps a signing window opened toward the provider its opener: no opener policy on its way back (issue 29)', async () => {
    // The app's pages let their windows go elsewhere and stay theirs; `same-origin` cut the window off at the provider.
    expect((await get('/work')).headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    for (const url of ['/sso/proof', '/edoc/sso/callback?state=x&code=y']) {
      expect((await get(url)).headers['cross-origin-opener-policy'], url).toBeUndefined();
    }
    expect((await get('/sso/proofs')).headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });
});
