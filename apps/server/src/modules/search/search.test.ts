import { searchRoutes } from '@edoc/contract/search-routes';
import { documentRoutes } from '@edoc/contract/document-routes';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DocStatus } from '@edoc/contract/enums';
import { TextState } from '@edoc/contract/search';
import { eq, sql } from 'drizzle-orm';
import { characterAdvice, characterLocale } from '../../db/embedded.ts';
import { createDb } from '../../db/client.ts';
import { makeDocx, makePdf } from '@edoc/test-support/files';
import { tags } from '../../db/schema/catalog.ts';
import { documents, documentVersions } from '../../db/schema/documents.ts';
import { folderGrants, roles, sites } from '../../db/schema/projects.ts';
import { contentTexts } from '../../db/schema/search.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createProjectWorld, joinProject, type ProjectPerson, type ProjectWorld } from '../../test/factories.ts';
import { client } from '../../test/requests.ts';
import { drainExtraction } from './extract-loop.ts';

let ctx: TestContext;
let world: ProjectWorld;
let other: ProjectWorld;
let reader: ProjectPerson;
let siteTwo: ProjectPerson;
const ids: Record<string, number> = {};

async function file(token: string, folderId: number, name: string, doc: { name: string; buffer: Buffer }, extra = {}) {
  const res = await client(ctx.app, token).callUpload(documentRoutes.upload, {
    fields: { folderId, name, ...extra },
    file: { name: doc.name, content: doc.buffer },
  });
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.body}`);
  ids[name] = res.data.fileId;
}

type Hit = {
  fileId: number;
  page: number | null;
  inMeta: boolean;
  snippets: Array<Array<{ text: string; hit: boolean }>>;
};
async function search(token: string, params: Record<string, string | number>) {
  const res = await client(ctx.app, token).get(`/file/search?${new URLSearchParams(params as Record<string, string>)}`);
  if (res.statusCode !== 200) throw new Error(`search failed: ${res.body}`);
  return res.json().data as { data: Hit[]; total: number; capped: boolean; ranked: boolean };
}
const names = (found: { data: Hit[] }) =>
  found.data.map((h) => Object.keys(ids).find((k) => ids[k] === h.fileId)).sort();

beforeAll(async () => {
  ctx = await createTestContext();
  world = await createProjectWorld(ctx, 'SRCH-1');
  other = await createProjectWorld(ctx, 'SRCH-2');
  const open = world.folderByIch.get('8.2.1')!;
  const closed = world.folderByIch.get('8.2.2')!;
  const [s1, s2] = await ctx.db
    .insert(sites)
    .values([
      { projectId: world.projectId, name: 'Site 1', code: 'S1' },
      { projectId: world.projectId, name: 'Site 2', code: 'S2' },
    ])
    .returning();
  // A reader with viewDoc on 8.2.1 only, and one limited to site 2.
  const [role] = await ctx.db
    .insert(roles)
    .values({ projectId: world.projectId, code: 'READER', name: 'Reader', docKeys: ['viewDoc'] })
    .returning();
  await ctx.db
    .insert(folderGrants)
    .values({ folderId: open, subjectType: 'role', subjectId: role.id, docKeys: ['viewDoc'], manageLevel: 0 });
  reader = await joinProject(ctx, world, role.id);
  siteTwo = await joinProject(ctx, world, role.id, [s2.id]);

  const pm = world.pm.token;
  await file(
    pm,
    open,
    'Visit report',
    makePdf('r.pdf', ['Monitoring visit report', 'Pharmacokinetics results', 'Final summary']),
  );
  await file(pm, open, 'Protocol', await makeDocx('方案.docx', ['临床试验方案 研究者手册', 'Journey study protocol']));
  await file(pm, closed, 'Hidden PK', makePdf('h.pdf', ['Pharmacokinetics secret']));
  await file(pm, open, 'Site one PK', makePdf('s.pdf', ['Pharmacokinetics at the site']), {
    central: false,
    siteId: s1.id,
  });
  await file(
    other.pm.token,
    other.folderByIch.get('8.2.1')!,
    'Elsewhere PK',
    makePdf('e.pdf', ['Pharmacokinetics elsewhere']),
  );
  await client(ctx.app, pm).call(documentRoutes.addWord, {
    body: {
      fileId: ids['Visit report'],
      text: 'Needs the investigator signature',
    },
  });
  await drainExtraction(ctx.deps);
}, 240_000);

afterAll(async () => {
  await ctx.close();
});

describe('text extraction of new versions', () => {
  it('reads every uploaded version once per content and records its state', async () => {
    const rows = await ctx.db.select().from(contentTexts);
    expect(rows.map((r) => r.state)).toEqual(rows.map(() => TextState.Done));
    const [report] = rows.filter((r) => r.extension === 'pdf' && r.pages === 3);
    expect(report.chars).toBeGreaterThan(40);
    expect(rows.find((r) => r.extension === 'docx')?.pages).toBeGreaterThan(0);
    // Each version shows it.
    const versions = await client(ctx.app, world.pm.token).call(documentRoutes.versions, {
      query: { fileId: ids['Visit report'] },
    });
    expect(versions.data[0]).toMatchObject({ textState: TextState.Done, textReason: null });
  });
});

describe("the database's character classes", () => {
  it('lets pg_trgm see Chinese in a new embedded database (C.UTF-8), so the name index serves a Chinese search', async () => {
    const [row] = (
      await ctx.db.execute<{ ctype: string; trigrams: string[] }>(
        sql`select datctype as ctype, show_trgm('研究者手册') as trigrams from pg_database where datname = current_database()`,
      )
    ).rows;
    // The embedded database of this run was made by the application (a server of DATABASE_URL was made by its owner).
    if (!process.env.TEST_DATABASE_URL) expect(row.ctype).toBe(characterLocale());
    if (row.ctype.toLowerCase().replace('-', '') === 'c.utf8') expect(row.trigrams.length).toBeGreaterThan(0);
    else expect(row.trigrams).toEqual([]);
  });

  it('tells the operator of a database made with C how to move it, and says nothing of one made right', async () => {
    // The embedded database of this run was made by the application (a server's, by its owner: it may be C).
    if (!process.env.TEST_DATABASE_URL) expect(await characterAdvice(ctx.db)).toBeNull();
    const template = new URL(inject('templateUrl'));
    const name = `c_${process.pid}_${Date.now()}`;
    const admin = createDb(Object.assign(new URL(template), { pathname: '/postgres' }).toString(), 1);
    await admin.execute(sql.raw(`create database ${name} template template0 encoding 'UTF8' locale 'C'`));
    const old = createDb(Object.assign(new URL(template), { pathname: `/${name}` }).toString(), 1);
    try {
      expect(await characterAdvice(old, 'C.UTF-8')).toMatch(/npm run backup .* npm run restore/);
      // A system without C.UTF-8 could not make it better: nothing to say.
      expect(await characterAdvice(old, 'C')).toBeNull();
    } finally {
      await old.$client.end();
      await admin.execute(sql.raw(`drop database ${name}`));
      await admin.$client.end();
    }
  });
});

describe('duplicates', () => {
  it('says where the same content is already filed, among what the caller may view only', async () => {
    const [hidden] = await ctx.db
      .select({ sha: documentVersions.sha256 })
      .from(documentVersions)
      .where(eq(documentVersions.documentId, ids['Hidden PK']));
    const [report] = await ctx.db
      .select({ sha: documentVersions.sha256 })
      .from(documentVersions)
      .where(eq(documentVersions.documentId, ids['Visit report']));
    const ask = (token: string, sha: string) =>
      client(ctx.app, token)
        .call(searchRoutes.duplicates, { query: { sha256: sha } })
        .then((r) => r.json());
    expect((await ask(world.pm.token, report.sha)).data).toEqual([
      expect.objectContaining({ fileId: ids['Visit report'], name: 'Visit report', current: true, ichCode: '8.2.1' }),
    ]);
    // The same content in 8.2.2, which the reader may not view: nothing is said of it.
    expect((await ask(world.pm.token, hidden.sha)).data).toHaveLength(1);
    expect((await ask(reader.token, hidden.sha)).data).toEqual([]);
    expect((await ask(other.pm.token, report.sha)).data).toEqual([]);
    const bad = await ask(world.pm.token, 'xyz');
    expect(bad.errorCode).toBe('invalid_value');
  });
});

describe('searching the project', () => {
  it('finds a word inside a PDF, on its page, with the word marked in a snippet', async () => {
    const found = await search(world.pm.token, { q: 'pharmacokinetics' });
    expect(names(found)).toEqual(['Hidden PK', 'Site one PK', 'Visit report']);
    expect(found.total).toBe(3);
    const report = found.data.find((h) => h.fileId === ids['Visit report'])!;
    expect(report.page).toBe(2);
    expect(report.snippets[0]).toContainEqual({ text: 'Pharmacokinetics', hit: true });
  });

  it('finds Chinese inside a Word file, and Chinese and English in one query', async () => {
    expect(names(await search(world.pm.token, { q: '研究者手册' }))).toEqual(['Protocol']);
    expect(names(await search(world.pm.token, { q: '研究者手册 journey' }))).toEqual(['Protocol']);
    expect(names(await search(world.pm.token, { q: '手册 monitoring' }))).toEqual([]);
    expect(names(await search(world.pm.token, { q: '册' }))).toEqual(['Protocol']);
  });

  it('reads phrases, exclusions and OR', async () => {
    expect(names(await search(world.pm.token, { q: '"visit report"' }))).toEqual(['Visit report']);
    expect(names(await search(world.pm.token, { q: '"report visit"' }))).toEqual([]);
    expect(names(await search(world.pm.token, { q: 'pharmacokinetics -secret -site' }))).toEqual(['Visit report']);
    expect(names(await search(world.pm.token, { q: 'summary OR 研究者手册' }))).toEqual(['Protocol', 'Visit report']);
  });

  it('finds names and comments as well as text, and says so', async () => {
    const byName = await search(world.pm.token, { q: 'hidden' });
    expect(names(byName)).toEqual(['Hidden PK']);
    expect(byName.data[0].inMeta).toBe(true);
    const byComment = await search(world.pm.token, { q: 'investigator signature' });
    expect(names(byComment)).toEqual(['Visit report']);
  });

  it('finds a document by the name of its tag, only where a tag is so named (the tags are read only then)', async () => {
    const [tag] = await ctx.db
      .insert(tags)
      .values({ projectId: world.projectId, name: '药物警戒 Safety' })
      .returning();
    await ctx.db
      .update(documents)
      .set({ tagIds: [tag.id] })
      .where(eq(documents.id, ids['Hidden PK']));
    try {
      const byTag = await search(world.pm.token, { q: '药物警戒' });
      expect(names(byTag)).toEqual(['Hidden PK']);
      expect(byTag.data[0].inMeta).toBe(true);
      expect(names(await search(world.pm.token, { q: 'safety' }))).toEqual(['Hidden PK']);
      // Another project's tag of that name is not this project's.
      expect(names(await search(other.pm.token, { q: '药物警戒' }))).toEqual([]);
    } finally {
      await ctx.db.update(documents).set({ tagIds: [] }).where(eq(documents.id, ids['Hidden PK']));
      await ctx.db.delete(tags).where(eq(tags.id, tag.id));
    }
  });

  it('filters by folder, type and status, and sorts by date', async () => {
    const folderId = world.folderByIch.get('8.2.2')!;
    expect(names(await search(world.pm.token, { q: 'pharmacokinetics', folderId }))).toEqual(['Hidden PK']);
    // A folder holds its subfolders (8.2.1, 8.2.2 under 8.2), the reader's unviewable one still left out.
    const parent = { q: 'pharmacokinetics', folderId: world.folderByIch.get('8.2')! };
    expect(names(await search(world.pm.token, parent))).toEqual(['Hidden PK', 'Site one PK', 'Visit report']);
    expect(names(await search(reader.token, parent))).toEqual(['Site one PK', 'Visit report']);
    expect(names(await search(world.pm.token, { q: 'journey OR pharmacokinetics', type: 'docx' }))).toEqual([
      'Protocol',
    ]);
    expect(names(await search(world.pm.token, { q: 'pharmacokinetics', status: DocStatus.Archived }))).toEqual([]);
    const byDate = await search(world.pm.token, { q: 'pharmacokinetics', sort: 'date' });
    expect(byDate.data[0].fileId).toBe(ids['Site one PK']);
  });

  it('never reads what the caller may not view: another folder, another site, another project', async () => {
    expect(names(await search(reader.token, { q: 'pharmacokinetics' }))).toEqual(['Site one PK', 'Visit report']);
    const limited = await search(siteTwo.token, { q: 'pharmacokinetics' });
    expect(names(limited)).toEqual(['Visit report']);
    expect(limited.total).toBe(1);
    expect(names(await search(reader.token, { q: 'secret' }))).toEqual([]);
    expect(
      names(await search(reader.token, { q: 'pharmacokinetics', folderId: world.folderByIch.get('8.2.2')! })),
    ).toEqual([]);
    expect(names(await search(other.pm.token, { q: 'pharmacokinetics' }))).toEqual(['Elsewhere PK']);
    expect(names(await search(world.staff.token, { q: 'pharmacokinetics' }))).toEqual([]);
  });

  it('gives the newest first, and says so, when more documents match than it ranks: the same documents and rights', async () => {
    const limit = ctx.deps.config.SEARCH_RANK_LIMIT;
    const both = async (token: string, params: Record<string, string | number>) => {
      ctx.deps.config.SEARCH_RANK_LIMIT = limit;
      const ranked = await search(token, params);
      ctx.deps.config.SEARCH_RANK_LIMIT = 0; // every query now "matches more than it ranks": the walk answers
      try {
        const walked = await search(token, params);
        expect(walked.ranked).toBe(params.sort === 'date' || walked.total === 0);
        expect(names(walked)).toEqual(names(ranked));
        expect(walked.total).toBe(ranked.total);
        return walked;
      } finally {
        ctx.deps.config.SEARCH_RANK_LIMIT = limit;
      }
    };
    const walked = await both(world.pm.token, { q: 'pharmacokinetics' });
    expect(walked.data.map((h) => h.fileId)).toEqual(
      (await search(world.pm.token, { q: 'pharmacokinetics', sort: 'date' })).data.map((h) => h.fileId),
    );
    expect(walked.data.find((h) => h.fileId === ids['Visit report'])!.page).toBe(2);
    await both(world.pm.token, { q: '"visit report"' });
    await both(world.pm.token, { q: 'pharmacokinetics -secret -site' });
    await both(world.pm.token, { q: 'summary OR 研究者手册' });
    await both(world.pm.token, { q: 'investigator signature' });
    await both(world.pm.token, { q: 'journey OR pharmacokinetics', type: 'docx' });
    await both(world.pm.token, { q: 'pharmacokinetics', sort: 'date' });
    await both(reader.token, { q: 'pharmacokinetics' });
    await both(siteTwo.token, { q: 'pharmacokinetics' });
    await both(other.pm.token, { q: 'pharmacokinetics' });
    await both(world.staff.token, { q: 'pharmacokinetics' });
  });

  it('names the field of bad input, and finds nothing for a query with nothing to find', async () => {
    const empty = await client(ctx.app, world.pm.token).call(searchRoutes.search, { query: { q: '' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().data.fields[0]).toMatchObject({ field: 'q' });
    expect(await search(world.pm.token, { q: '-secret' })).toEqual({ data: [], total: 0, capped: false, ranked: true });
    expect(await search(world.pm.token, { q: '!!!' })).toEqual({ data: [], total: 0, capped: false, ranked: true });
  });

  it('is rebuilt by npm run search:reindex: a lost row is read again, with a progress bar', async () => {
    const [docx] = await ctx.db.select().from(contentTexts).where(eq(contentTexts.extension, 'docx'));
    await ctx.db.delete(contentTexts).where(eq(contentTexts.sha256, docx.sha256));
    expect(names(await search(world.pm.token, { q: '研究者手册' }))).toEqual([]);
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/search-reindex.ts'], {
      cwd: path.resolve(import.meta.dirname, '../../..'),
      env: { ...process.env, DATA_DIR: ctx.dataDir, DATABASE_URL: ctx.deps.config.DATABASE_URL, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/1 file content\(s\) to read[\s\S]*\[#+\] 1\/1[\s\S]*search index up to date/);
    expect(names(await search(world.pm.token, { q: '研究者手册' }))).toEqual(['Protocol']);
  }, 150_000);

  it('finds the text of a new version and no longer the old one', async () => {
    const res = await client(ctx.app, world.pm.token).callUpload(documentRoutes.edit, {
      fields: { fileId: ids['Hidden PK'], versionNo: 'V2.0' },
      file: { name: 'h2.pdf', content: makePdf('h2.pdf', ['Bioequivalence only']).buffer },
    });
    expect(res.statusCode).toBe(200);
    await drainExtraction(ctx.deps);
    expect(names(await search(world.pm.token, { q: 'bioequivalence' }))).toEqual(['Hidden PK']);
    expect(names(await search(world.pm.token, { q: 'secret' }))).toEqual([]);
    const [row] = await ctx.db.select().from(contentTexts).where(eq(contentTexts.extension, 'pdf'));
    expect(row).toBeDefined();
  });
});
