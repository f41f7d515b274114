import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, documentVersions, downloadTasks } from '../../db/schema/documents.ts';
import { trail } from '../../db/schema/trail.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { poppler, popplerTools, sha, signedWorld } from '../../test/signed-fixture.ts';
import { writeCheckpoint } from '../../trail/trail-checkpoint.ts';
import { signedDownload } from '../seal/signed-copy.ts';
import { sealRoutes } from '@edoc/contract/seal-routes';
import { createUser, signIn } from '../../test/factories.ts';
import { client } from '../../test/requests.ts';
import { zipStream } from '../download/zip-writer.ts';
import { inspectionExtras } from './inspection-extras.ts';

/*
 * One package of a small project with a signed PDF, built once; the verifier (verify/verify.mjs, as packed) is run on
 * it as an inspector would, then on copies with one thing changed each. Before H1's EMS pack adds these entries to
 * its zip, the package's EMS part here is the documents' files and manifest-sha256.txt written by the test.
 */

const run = promisify(execFile);
let ctx: TestContext;
let W: Awaited<ReturnType<typeof signedWorld>>;
let root: string;
let pkg: string;
const SIGNED = 'docs/Protocol-signed.pdf';
const ORIGINAL = 'docs/Protocol.pdf';

async function verify(target: string, lang = 'en-US') {
  const cli = path.join(pkg, 'verify', 'verify.mjs');
  return run(process.execPath, [cli, target, `--lang=${lang}`]).then(
    (r) => ({ code: 0, out: r.stdout }),
    (e: { code: number; stdout: string }) => ({ code: e.code, out: e.stdout }),
  );
}

/** A copy of the package with `change` applied to one of its files. */
async function tampered(name: string, file: string, change: (b: Buffer) => Buffer) {
  const dir = path.join(root, name);
  await fs.cp(pkg, dir, { recursive: true });
  await fs.writeFile(path.join(dir, file), change(await fs.readFile(path.join(dir, file))));
  return dir;
}

/** Builds the package into root/<name>: the document's file and signed copy, a manifest, and the extras. */
async function buildPackage(name: string, forgeCheckpoint = false) {
  const dir = path.join(root, name);
  const deps = { db: ctx.db, blobs: ctx.deps.blobs, store: ctx.deps.config };
  const [doc] = await ctx.db.select().from(documents).where(eq(documents.id, W.fileId));
  const [version] = await ctx.db.select().from(documentVersions).where(eq(documentVersions.id, W.versionId));
  const signed = (await signedDownload(deps, doc, version))!;
  // A checkpoint after the last row about the package: the segment runs up to it and the verifier checks it.
  const checkpointFile = path.join(root, `${name}-checkpoints.jsonl`);
  await writeCheckpoint(ctx.db, checkpointFile);
  if (forgeCheckpoint) {
    const c = JSON.parse(await fs.readFile(checkpointFile, 'utf8')) as { mac: string };
    const mac = c.mac.replace(/^./, (x) => (x === '0' ? '1' : '0'));
    await fs.writeFile(checkpointFile, `${JSON.stringify({ ...c, mac })}\n`);
  }
  const files = new Map<string, Buffer>([
    [ORIGINAL, W.original],
    [SIGNED, signed],
  ]);
  const manifest = [...files].map(([n, b]) => `${sha(b)}  ${n}\n`).join('');
  files.set('manifest-sha256.txt', Buffer.from(manifest));
  const [task] = await ctx.db
    .insert(downloadTasks)
    .values({
      projectId: W.world.projectId,
      userId: W.world.pm.id,
      name: `INSP-1-${name}`,
      documentIds: [W.fileId],
      kind: 'inspection',
      lang: 'en-US',
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning();
  const packed = [...files].map(([n, b]) => ({ name: n, sha256: sha(b) }));
  const tmp = await fs.mkdtemp(path.join(root, 'tmp-'));
  const extras = await inspectionExtras(deps, task, [W.fileId], { dir: tmp, packed, checkpointFile });
  for (const e of extras) files.set(e.path, e.bytes ? Buffer.from(e.bytes) : await fs.readFile(e.file!));
  for (const [n, b] of files) {
    await fs.mkdir(path.dirname(path.join(dir, n)), { recursive: true });
    await fs.writeFile(path.join(dir, n), b);
  }
  return dir;
}

beforeAll(async () => {
  ctx = await createTestContext();
  W = await signedWorld(ctx, 'INSP-1');
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'edoc-inspection-'));
  pkg = await buildPackage('package');
}, 120_000);
afterAll(async () => {
  await fs.rm(root, { recursive: true, force: true });
  await ctx.close();
});

describe('the inspection package', () => {
  it('holds the trail of its documents inside the chain segment, with no content of other rows', async () => {
    const lines = (await fs.readFile(path.join(pkg, 'trail/trail.jsonl'), 'utf8')).trim().split('\n');
    const rows = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const about = rows.filter((r) => 'contentSha256' in r);
    expect(about.length).toBeGreaterThan(0);
    expect(about.every((r) => r.objectType === 'document' || r.objectType === 'project')).toBe(true);
    // Every other row is its id, link and hash, nothing else.
    for (const r of rows.filter((x) => !('contentSha256' in x)))
      expect(Object.keys(r).sort()).toEqual(['hash', 'id', 'prevHash']);
    const all = await ctx.db
      .select({ id: trail.id })
      .from(trail)
      .where(and(eq(trail.objectType, 'document'), eq(trail.objectId, String(W.fileId))));
    expect(about.map((r) => r.id)).toEqual(expect.arrayContaining(all.map((r) => r.id)));
    const statement = JSON.parse(await fs.readFile(path.join(pkg, 'certificate/statement.json'), 'utf8'));
    expect(statement.trail.serverCheck).toEqual({ ok: true, problem: null });
    expect(statement.files.map((f: { path: string }) => f.path)).toEqual(
      expect.arrayContaining([SIGNED, 'trail/trail.jsonl', 'verify/verify.html', 'README.txt']),
    );
  });

  it('verifies with node verify/verify.mjs: every check holds, exit 0, in both languages', async () => {
    const en = await verify(pkg);
    expect(en.out).toContain('The package statement’s signature verifies'.replace('’', "'"));
    expect(en.out).toMatch(/✓ \d+ files match the SHA-256 the signed statement gives/);
    expect(en.out).toContain('✓ 2 files match manifest-sha256.txt');
    expect(en.out).toMatch(/✓ Trail: \d+ rows from #\d+ to #\d+, each linked/);
    expect(en.out).toMatch(/✓ Checkpoint of .* row #\d+ has its hash/);
    expect(en.out).toContain(`✓ ${SIGNED}: PDF signature 1 is valid (edoc document signing) and covers the whole file`);
    expect(en.out).not.toContain('✗');
    expect(en.out).toContain('Every check holds.');
    expect(en.code).toBe(0);
    const zh = await verify(pkg, 'zh-CN');
    expect(zh.out).toContain('全部校验通过。');
    expect(zh.code).toBe(0);
  });

  it('verifies the package as a zip too', async () => {
    const names = (await fs.readdir(pkg, { recursive: true, withFileTypes: true })).filter((d) => d.isFile());
    const inputs = names.map((d) => {
      const full = path.join(d.parentPath, d.name);
      return {
        name: path.relative(pkg, full),
        mtime: new Date(),
        compress: !d.name.endsWith('.pdf'),
        content: async () => [await fs.readFile(full)],
      };
    });
    const chunks: Buffer[] = [];
    for await (const c of zipStream(inputs)) chunks.push(c);
    const zip = path.join(root, 'package.zip');
    await fs.writeFile(zip, Buffer.concat(chunks));
    const r = await verify(zip);
    expect(r.out).toContain('Every check holds.');
    expect(r.code).toBe(0);
  });

  it('names a changed file and fails', async () => {
    const dir = await tampered('file', ORIGINAL, (b) => {
      b[b.length - 3] ^= 1;
      return b;
    });
    const r = await verify(dir);
    expect(r.code).not.toBe(0);
    expect(r.out).toContain(`✗ ${ORIGINAL}: its SHA-256 is not the one the signed statement gives (changed).`);
    expect(r.out).toContain(`✗ ${ORIGINAL}: its SHA-256 is not the one the manifest-sha256.txt gives (changed).`);
  });

  it('fails on a file no signed list names, and lets pass what a desktop adds to the folder', async () => {
    const dir = await tampered('added', 'README.txt', (b) => b);
    await fs.writeFile(path.join(dir, 'docs/extra.pdf'), W.original);
    await fs.writeFile(path.join(dir, 'docs/.DS_Store'), 'x');
    const r = await verify(dir);
    expect(r.out).toContain('✗ docs/extra.pdf: in the package but in no signed list.');
    expect(r.out).toContain(
      '· docs/.DS_Store: a file the computer added to the folder; not part of the package, ignored.',
    );
    expect(r.code).not.toBe(0);
  });

  it('names a changed trail row and a removed one', async () => {
    const file = 'trail/trail.jsonl';
    const rows = (await fs.readFile(path.join(pkg, file), 'utf8')).trim().split('\n');
    const at = rows.findIndex((l) => l.includes('"contentSha256"'));
    const id = (JSON.parse(rows[at]) as { id: number }).id;
    const changed = await tampered('row', file, () => {
      const copy = [...rows];
      copy[at] = copy[at].replace(/"actorName":"[^"]*"/, '"actorName":"Someone else"');
      return Buffer.from(`${copy.join('\n')}\n`);
    });
    const r = await verify(changed);
    expect(r.code).not.toBe(0);
    expect(r.out).toContain(`✗ Trail row #${id}: its content is not the content it was exported with (changed).`);
    expect(r.out).toContain(`✗ ${file}: its SHA-256 is not the one the signed statement gives (changed).`);
    const removed = await tampered('gone', file, () => Buffer.from(`${rows.filter((_, i) => i !== 1).join('\n')}\n`));
    const next = (JSON.parse(rows[2]) as { id: number }).id;
    expect((await verify(removed)).out).toContain(`✗ Trail row #${next}: its link to the previous row is broken`);
  });

  it.skipIf(!popplerTools)('reports a signed PDF changed inside its ByteRange, as pdfsig does', async () => {
    const signed = await fs.readFile(path.join(pkg, SIGNED));
    expect(await poppler('pdfsig', signed)).toContain('Signature is Valid');
    let changed: Buffer | null = null;
    const dir = await tampered('pdf', SIGNED, (b) => {
      // A byte of the binary comment after the header: inside the first signed range, harmless to any parser.
      b[b.lastIndexOf('%', 20) + 1] ^= 1;
      changed = b;
      return b;
    });
    const r = await verify(dir);
    expect(r.code).not.toBe(0);
    expect(r.out).toContain(`✗ ${SIGNED}: PDF signature 1 does NOT hold: digest mismatch`);
    expect(await poppler('pdfsig', changed!)).not.toContain('Signature is Valid');
  });

  it('puts the same checking code in verify.html as in verify.mjs, with nothing fetched', async () => {
    const html = await fs.readFile(path.join(pkg, 'verify/verify.html'), 'utf8');
    const mjs = await fs.readFile(path.join(pkg, 'verify/verify.mjs'), 'utf8');
    expect(html).toContain(mjs);
    expect(html).toContain('webkitdirectory');
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+href=|https?:\/\//);
  });

  it('fails when the server finds a checkpoint not signed by the trail key', async () => {
    const r = await verify(await buildPackage('forged', true));
    expect(r.out).toMatch(/✗ The server checked every row .*: the checkpoint of .* is not signed by the trail key/);
    expect(r.code).not.toBe(0);
  });

  it.skipIf(!popplerTools)(
    'verifies ECDSA too: a company P-256 certificate signs the statement and the PDFs',
    async () => {
      const dir = await fs.mkdtemp(path.join(root, 'ec-'));
      const [key, cert] = [path.join(dir, 'k.pem'), path.join(dir, 'c.pem')];
      await run('openssl', [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:P-256',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '30',
        '-subj',
        '/CN=Example Pharma EC',
      ]);
      const admin = await createUser(ctx.db, { userType: 1 });
      const installed = await client(ctx.app, await signIn(ctx, admin.email)).call(sealRoutes.saveCertificate, {
        body: { privateKey: await fs.readFile(key, 'utf8'), certificate: await fs.readFile(cert, 'utf8') },
      });
      expect(installed.statusCode).toBe(200);
      const ec = await buildPackage('ec-package');
      const r = await verify(ec);
      expect(r.out).toContain(
        "✓ The package statement's signature verifies with the signing certificate (ECDSA-SHA256).",
      );
      expect(r.out).toContain(`✓ ${SIGNED}: PDF signature 1 is valid (Example Pharma EC) and covers the whole file.`);
      expect(r.code).toBe(0);
      expect(await poppler('pdfsig', await fs.readFile(path.join(ec, SIGNED)))).toContain('Signature is Valid');
    },
  );
});
