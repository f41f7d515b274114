import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { editingWorld } from '../../test/editing-fixture.ts';
import { client } from '../../test/requests.ts';

// Issue 25, item 4: the litmus WebDAV suite (Debian `litmus`) run against a real session's folder. A session's folder
// holds exactly one document, so litmus's own files and collections are refused by design; the test holds the
// outcome to the list below, each refusal with why no desktop editor needs it, so a change either way is seen.
const litmus = spawnSync('litmus', ['--help'], { encoding: 'utf8' });
const missing = litmus.error !== undefined;
if (missing && process.env.CI === 'true')
  throw new Error('the WebDAV suite needs litmus (Debian package), and CI=true');

/**
 * litmus's tests that fail against a session (suite/test), and why Word, Excel, PowerPoint and LibreOffice do not care.
 * Every litmus suite begins by making its own collection (MKCOL litmus/) and works inside it; a session's folder holds
 * its one document, and any other name is 404, so each suite stops at its `begin`. Editors never make collections or
 * other files there: each opens the one URL it was given, PROPFINDs it (depth 0), LOCKs, GETs, PUTs and UNLOCKs it,
 * and may write an owner or lock file beside it (~$name, .~lock.name#), all covered by webdav.test.ts and
 * editing.test.ts with the requests those editors send.
 */
const MKCOL_REFUSED = 'MKCOL of its own collection is refused (404): a session folder holds only its document';
const EXPECTED_FAILURES: Record<string, string> = {
  'basic/begin': MKCOL_REFUSED,
  'copymove/begin': MKCOL_REFUSED,
  'props/begin': MKCOL_REFUSED,
  'locks/begin': MKCOL_REFUSED,
  'http/begin': MKCOL_REFUSED,
};

/** litmus's outcomes by suite/test, from its lines (`-> running `basic':`, ` 1. begin....... FAIL (why)`). */
function outcomes(output: string): Map<string, string> {
  const found = new Map<string, string>();
  let suite = '';
  for (const line of output.split('\n')) {
    const running = /^-> running `(\w+)'/.exec(line);
    if (running) suite = running[1]!;
    // Without a terminal litmus prints a test's name twice on its line; the outcome follows the last one.
    const m = /(\w+)\.{2,}\s*(pass|FAIL|SKIPPED|WARNING)/.exec(line);
    if (m) found.set(`${suite}/${m[1]}`, m[2]!);
  }
  return found;
}

let ctx: TestContext;
let origin: string;
let session: { token: string; newDocx: () => Promise<number> };

beforeAll(async () => {
  ctx = await createTestContext();
  const made = await editingWorld(ctx, 'LIT-1');
  session = { token: made.editor.token, newDocx: made.newDocx };
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(() => ctx.close());

describe.skipIf(missing)('the litmus WebDAV suite against a session', () => {
  it('fails only where the list says why no desktop editor needs it', async () => {
    const fileId = await session.newDocx();
    const res = await client(ctx.app, session.token).post('/file/ol/start/a', { fileId, mode: 'webdav' });
    const url = new URL(res.json().data.webdavUrl as string);
    const folder = `${origin}${url.pathname.slice(0, url.pathname.lastIndexOf('/') + 1)}`;
    // Not spawnSync: the server answering litmus runs in this very process.
    // litmus writes debug.log and child.log where it runs: a folder of its own, not the repository.
    const cwd = await fs.mkdtemp(path.join(os.tmpdir(), 'edoc-litmus-'));
    const run = await promisify(execFile)('litmus', ['--keep-going', folder], { timeout: 60_000, cwd }).catch(
      (err: { stdout?: string; stderr?: string }) => err,
    );
    const output = `${run.stdout ?? ''}${run.stderr ?? ''}`;
    await fs.rm(cwd, { recursive: true, force: true });
    const seen = outcomes(output);
    // Each suite's init (OPTIONS on the folder, as Office asks first) passes.
    for (const suite of ['basic', 'copymove', 'props', 'locks', 'http'])
      expect(seen.get(`${suite}/init`), output).toBe('pass');
    const failed = [...seen].filter(([, o]) => o === 'FAIL').map(([name]) => name);
    expect(failed.sort(), output).toEqual(Object.keys(EXPECTED_FAILURES).sort());
  });
});
