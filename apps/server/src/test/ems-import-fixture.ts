import { createHash } from 'node:crypto';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { exchangeImportRoutes as r } from '@edoc/contract/exchange-import-routes';
import type { ImportView } from '@edoc/contract/exchange-import';
import { tmfModelRoutes } from '@edoc/contract/tmf-model-routes';
import { eq } from 'drizzle-orm';
import { folders, projects } from '../db/schema/projects.ts';
import type { TestContext } from './context.ts';
import type { ProjectWorld } from './factories.ts';
import { waitFor } from './nodes.ts';
import { client } from './requests.ts';
import { artifactsOf } from './tmf-project-fixture.ts';
import type { EmsObject } from '../modules/exchange/ems-xml.ts';

/* Packages for the EMS import's tests: a zip written byte by byte (so a test may name any path or lie about a size)
 * and a project whose model has the standard example's artifact 05.02.01 (site level) and 01.01.01 (trial). */

export interface ZipEntry {
  name: string;
  data: Buffer | string;
  /** The uncompressed size the headers declare, when the test lies about it. */
  declaredSize?: number;
  /** Stored (method 0, as an EMS export writes its files) rather than deflated. */
  stored?: boolean;
}

/** A zip of deflated (or stored) entries with UTF-8 names, as any zip tool writes it, names and sizes as given. */
export function makeZip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const data = Buffer.isBuffer(e.data) ? e.data : Buffer.from(e.data);
    const packed = e.stored ? data : zlib.deflateRawSync(data);
    const method = e.stored ? 0 : 8;
    const name = Buffer.from(e.name);
    const crc = zlib.crc32(data);
    const size = e.declaredSize ?? data.length;
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt16LE(0x0800, 6);
    head.writeUInt16LE(method, 8);
    head.writeUInt16LE(0x21, 12);
    head.writeUInt32LE(crc, 14);
    head.writeUInt32LE(packed.length, 18);
    head.writeUInt32LE(size, 22);
    head.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(head, name, packed);
    centrals.push(central, name);
    offset += head.length + name.length + packed.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

export const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

/** The standard's example.xml (modules/exchange/standard), its INTEGRITY rewritten to the hash of `pdf`. */
export function exampleXml(pdf: Buffer): string {
  const text = fs.readFileSync(new URL('../modules/exchange/standard/example.xml', import.meta.url), 'utf8');
  // The example's value (32 hex digits) is the SHA256 of nothing: the test's copy names the file it packs.
  return text.replace(/<INTEGRITY>SHA256-[0-9a-f]+<\/INTEGRITY>/, `<INTEGRITY>SHA256-${sha256(pdf)}</INTEGRITY>`);
}

/** The world's project on a model with 05.02.01 and 01.01.01, each mapped to a work folder; returns the folders. */
export async function importWorld(ctx: TestContext, world: ProjectWorld) {
  const api = client(ctx.app, world.admin.token);
  const created = await api.call(tmfModelRoutes.create, {
    query: { companyId: world.companyId },
    body: {
      name: 'EMS import model',
      zones: [
        {
          number: '01',
          nameEn: 'Trial Management',
          sections: [
            {
              number: '01.01',
              nameEn: 'Trial Oversight',
              artifacts: [{ number: '01.01.01', nameEn: 'Trial Master File Plan', levels: ['trial'] }],
            },
          ],
        },
        {
          number: '05',
          nameEn: 'Site Management',
          sections: [
            {
              number: '05.02',
              nameEn: 'Site Set-up',
              artifacts: [{ number: '05.02.01', nameEn: 'Medical License', levels: ['site'] }],
            },
          ],
        },
      ],
    },
  });
  if (created.statusCode !== 200) throw new Error(created.body);
  await api.call(tmfModelRoutes.publish, { params: { id: created.data.id }, query: { companyId: world.companyId } });
  const artifacts = await artifactsOf(ctx, created.data.id);
  await ctx.db.update(projects).set({ tmfModelId: created.data.id }).where(eq(projects.id, world.projectId));
  const [trialFolder, siteFolder] = [...world.folderByIch.values()];
  await ctx.db
    .update(folders)
    .set({ artifactId: artifacts.get('01.01.01')! })
    .where(eq(folders.id, trialFolder));
  await ctx.db
    .update(folders)
    .set({ artifactId: artifacts.get('05.02.01')! })
    .where(eq(folders.id, siteFolder));
  return { trialFolder, siteFolder, artifacts };
}

/** Uploads a package as `token` and waits for its checks to end (preview or failed). */
export async function uploadPackage(ctx: TestContext, token: string, zip: Buffer): Promise<ImportView> {
  const api = client(ctx.app, token);
  const res = await api.callUpload(r.upload, { file: { name: 'package.zip', content: zip } });
  if (res.statusCode !== 200) throw new Error(`upload: ${res.body}`);
  return waitState(ctx, token, res.data.id, ['preview', 'failed']);
}

export async function waitState(ctx: TestContext, token: string, id: number, states: string[]): Promise<ImportView> {
  const api = client(ctx.app, token);
  return waitFor(
    `import ${id} in ${states.join('/')}`,
    async () => {
      const got = await api.call(r.get, { params: { id } });
      return states.includes(got.data.state) ? got.data : null;
    },
    20_000,
    100,
  );
}

/** A trial-level object of 01.01.01 with one file (`content`), one signature and one audit record (the EMS import tests'). */
export function trialObject(
  objectId: string,
  uniqueId: number,
  content: string,
  state: EmsObject['versionState'] = 'Current',
  title = `Plan ${objectId}`,
): EmsObject {
  return {
    objectId,
    level: 'Trial',
    uniqueId,
    artifactNumber: '01.01.01',
    version: `V${uniqueId}.0`,
    versionState: state,
    title,
    copy: false,
    artifactDate: '2025-03-04',
    files: [
      {
        integrity: `SHA256-${sha256(content)}`,
        fileName: `${objectId}-${uniqueId}.txt`,
        contentUrl: `01/01.01/01.01.01.Plan/${objectId}-${uniqueId}.txt`,
        signatures: [{ userOid: 'a@src', name: 'A Signer', at: '2025-03-04T10:00:00+02:00', reason: 'Approval' }],
        audit: [
          { id: `au-${uniqueId}`, at: '2025-03-04T09:00:00+00:00', userRef: 'a@src', type: 'New', event: 'Created' },
        ],
      },
    ],
    metadata: [],
  };
}
