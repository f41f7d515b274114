import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { exchangeImportRoutes as r } from '@edoc/contract/exchange-import-routes';
import { projectEntryRoutes } from '@edoc/contract/project-routes';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, documentVersions } from '../../db/schema/documents.ts';
import { folderGrants, roles } from '../../db/schema/projects.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createProjectWorld, joinProject, type ProjectPerson, type ProjectWorld } from '../../test/factories.ts';
import { trailOf } from '../../test/records.ts';
import { client } from '../../test/requests.ts';
import { importWorld, makeZip, sha256, uploadPackage, waitState } from '../../test/ems-import-fixture.ts';
import { batchClose, batchOpen, objectXml, type EmsObject } from './ems-xml.ts';

/* EMS import (issue 28 part 2): targets corrected through the route, a conflict filed as new versions, a member who
 * may import into one folder only, and a package named by its path on the server. */

let ctx: TestContext;
let world: ProjectWorld;
let folders: Awaited<ReturnType<typeof importWorld>>;
/** Holds importDoc on the trial folder only. */
let importer: ProjectPerson;
let importDir: string;
const as = (p: { token: string }) => client(ctx.app, p.token);

const batch = batchOpen({
  studyId: 'S',
  transferSourceId: 'SRC2',
  transferId: '20260101000000',
  specificationId: 't',
  tmfRmVersion: '3.0',
});
function object(
  objectId: string,
  uniqueId: number,
  artifactNumber: string,
  state: EmsObject['versionState'] = 'Current',
) {
  const content = `${objectId} ${uniqueId}`;
  const o: EmsObject = {
    objectId,
    level: 'Trial',
    uniqueId,
    artifactNumber,
    version: `V${uniqueId}.0`,
    versionState: state,
    title: `Title ${objectId}`,
    copy: false,
    files: [
      {
        integrity: `SHA256-${sha256(content)}`,
        fileName: `${objectId}-${uniqueId}.txt`,
        contentUrl: `f/${objectId}-${uniqueId}.txt`,
        signatures: [],
        audit: [],
      },
    ],
    metadata: [],
  };
  return { o, content };
}
const zipOf = (objects: Array<ReturnType<typeof object>>) =>
  makeZip([
    { name: 'exchange.xml', data: batch + objects.map(({ o }) => objectXml(o)).join('') + batchClose() },
    ...objects.map(({ o, content }) => ({ name: o.files[0].contentUrl, data: content })),
  ]);
const rowsOf = async (id: number, p = world.pm) => (await as(p).call(r.rows, { params: { id } })).data.rows;
async function fileAll(id: number, p = world.pm) {
  expect((await as(p).call(r.accept, { params: { id } })).statusCode).toBe(200);
  return waitState(ctx, p.token, id, ['done', 'failed']);
}

beforeAll(async () => {
  ctx = await createTestContext();
  world = await createProjectWorld(ctx, 'EMS-D');
  folders = await importWorld(ctx, world);
  const [role] = await ctx.db
    .insert(roles)
    .values({ projectId: world.projectId, code: 'IMPORTER', name: 'Importer', docKeys: ['viewDoc', 'importDoc'] })
    .returning();
  await ctx.db.insert(folderGrants).values({
    folderId: folders.trialFolder,
    subjectType: 'role',
    subjectId: role.id,
    docKeys: ['viewDoc', 'importDoc'],
    manageLevel: 0,
  });
  importer = await joinProject(ctx, world, role.id);
  importDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ems-import-dir-'));
}, 60_000);
afterAll(async () => {
  await fs.rm(importDir, { recursive: true, force: true });
  await ctx?.close();
});

describe('decisions', () => {
  it('corrects a target through the route: the folder brings its artifact and the problem goes', async () => {
    const view = await uploadPackage(ctx, world.pm.token, zipOf([object('C-1', 1, '09.09.09')]));
    const [row] = await rowsOf(view.id);
    expect(row.problems.map((p) => p.code)).toEqual(['unknown_artifact']);
    const bad = await as(world.pm).call(r.decide, {
      params: { id: view.id },
      body: { rows: [{ id: row.id, decision: 'accept', target: { folderId: 999_999 } }] },
    });
    expect(bad.statusCode).toBe(400);
    const decided = await as(world.pm).call(r.decide, {
      params: { id: view.id },
      body: {
        rows: [{ id: row.id, decision: 'accept', target: { folderId: folders.trialFolder, name: 'Corrected' } }],
      },
    });
    expect(decided.data.summary).toMatchObject({ blocking: 0, accepted: 1 });
    const [after] = await rowsOf(view.id);
    expect(after.target).toMatchObject({
      folderId: folders.trialFolder,
      artifactId: folders.artifacts.get('01.01.01'),
      name: 'Corrected',
    });
    expect((await fileAll(view.id)).summary).toMatchObject({ filed: 1 });
    const [doc] = await ctx.db.select().from(documents).where(eq(documents.sourceObjectId, 'C-1'));
    expect(doc).toMatchObject({ name: 'Corrected', folderId: folders.trialFolder });
  });

  it('files a conflict as new versions of the existing document, never a version twice', async () => {
    const first = await uploadPackage(ctx, world.pm.token, zipOf([object('N-2', 31, '01.01.01')]));
    await as(world.pm).call(r.decide, { params: { id: first.id }, body: { all: 'accept' } });
    await fileAll(first.id);
    const [doc] = await ctx.db.select().from(documents).where(eq(documents.sourceObjectId, 'N-2'));
    const again = await uploadPackage(
      ctx,
      world.pm.token,
      zipOf([object('N-2', 31, '01.01.01', 'Superseded'), object('N-2', 32, '01.01.01')]),
    );
    const [row] = await rowsOf(again.id);
    expect(row).toMatchObject({ conflict: 'exists', existingDocumentId: doc.id });
    // Accepted as a new object it cannot be filed: only as new versions.
    await as(world.pm).call(r.decide, { params: { id: again.id }, body: { all: 'accept' } });
    expect((await as(world.pm).call(r.accept, { params: { id: again.id } })).json()).toMatchObject({
      errorCode: 'exchange_import_nothing',
    });
    await as(world.pm).call(r.decide, {
      params: { id: again.id },
      body: { rows: [{ id: row.id, decision: 'new_version' }] },
    });
    expect((await fileAll(again.id)).summary).toMatchObject({ filed: 1 });
    const versions = await ctx.db
      .select()
      .from(documentVersions)
      .where(eq(documentVersions.documentId, doc.id))
      .orderBy(asc(documentVersions.id));
    expect(versions.map((v) => [v.versionNo, v.sourceUniqueId])).toEqual([
      ['V31.0', '31'],
      ['V32.0', '32'],
    ]);
    const trail = await trailOf(ctx.db, 'document', doc.id);
    expect(trail.map((t) => (t.newValue as { versions: string[] }).versions)).toEqual([['V31.0'], ['V32.0']]);
  });
});

describe('rights', () => {
  it('marks a row whose folder the importer may not import into, and files the others', async () => {
    const view = await uploadPackage(
      ctx,
      importer.token,
      zipOf([
        object('G-1', 41, '01.01.01'),
        { ...object('G-2', 42, '05.02.01'), o: { ...object('G-2', 42, '05.02.01').o, level: 'Trial' } },
      ]),
    );
    const rows = await rowsOf(view.id, importer);
    expect(rows.map((row) => row.problems.map((p) => p.code))).toEqual([[], ['no_rights']]);
    await as(importer).call(r.decide, { params: { id: view.id }, body: { all: 'accept' } });
    const done = await fileAll(view.id, importer);
    expect(done.summary).toMatchObject({ filed: 1, accepted: 2 });
    expect(await ctx.db.select().from(documents).where(eq(documents.sourceObjectId, 'G-2'))).toEqual([]);
  });
});

describe('a package on the server', () => {
  it('imports a zip under IMPORT_DIR for a company administrator, and nothing outside it or for others', async () => {
    await fs.writeFile(path.join(importDir, 'p.zip'), zipOf([object('S-1', 51, '01.01.01')]));
    const config = ctx.deps.config as { IMPORT_DIR?: string };
    const off = await as(world.pm).call(r.fromServer, { body: { serverPath: 'p.zip' } });
    expect(off.statusCode).toBe(403);
    const entered = await as(world.admin).call(projectEntryRoutes.enter, { body: { studyId: world.projectId } });
    expect(entered.statusCode).toBe(200);
    expect((await as(world.admin).call(r.fromServer, { body: { serverPath: 'p.zip' } })).json()).toMatchObject({
      errorCode: 'exchange_import_dir_off',
    });
    config.IMPORT_DIR = importDir;
    try {
      const outside = await as(world.admin).call(r.fromServer, { body: { serverPath: '../p.zip' } });
      expect(outside.json()).toMatchObject({ errorCode: 'exchange_import_path' });
      const res = await as(world.admin).call(r.fromServer, { body: { serverPath: 'p.zip' } });
      expect(res.statusCode).toBe(200);
      const view = await waitState(ctx, world.admin.token, res.data.id, ['preview', 'failed']);
      expect(view).toMatchObject({ state: 'preview', packageName: 'p.zip', summary: { objects: 1, blocking: 0 } });
    } finally {
      delete config.IMPORT_DIR;
    }
  });
});
