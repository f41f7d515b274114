// Issue 4 figures: a 200 MB upload next to cp + sha256sum of the same file, and the folder listing and name search
// over 100,000 documents next to the same SQL run straight on the pool. Ratios against baselines of the same run.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { authRoutes } from '@edoc/contract/auth-routes';
import { documentRoutes } from '@edoc/contract/document-routes';
import { projectEntryRoutes } from '@edoc/contract/project-routes';
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.ts';
import { companies } from '../apps/server/src/db/schema/companies.ts';
import { folders, members, projects, roles } from '../apps/server/src/db/schema/projects.ts';
import { dataOf, type CallRoute } from './calls.ts';
import { createUser } from './users.ts';

const run = promisify(execFile);
const MB = 1024 * 1024;

export interface Project {
  projectId: number;
  folderIds: number[];
  token: string;
  /** The project administrator's sign-in, for a browser (interaction.ts). */
  email: string;
  password: string;
}

/** A project with 50 work folders and a signed-in project administrator inside it (`calls`: the app's or a node's). */
export async function makeProject(db: Db, calls: CallRoute): Promise<Project> {
  const [company] = await db
    .insert(companies)
    .values({ name: `Bench ${Date.now()}` })
    .returning();
  const [project] = await db.insert(projects).values({ companyId: company.id, code: 'B-1', name: 'Bench' }).returning();
  const [role] = await db
    .insert(roles)
    .values({ projectId: project.id, code: 'STU_PM', name: 'PM', builtin: true })
    .returning();
  const folderRows = await db
    .insert(folders)
    .values(Array.from({ length: 50 }, (_, i) => ({ projectId: project.id, name: `Folder ${i + 1}`, sortOrder: i })))
    .returning();
  const user = await createUser(db, { userType: 3, companyId: company.id });
  await db.insert(members).values({ projectId: project.id, userId: user.id, roleId: role.id });
  const { token } = await calls(null, authRoutes.login, { body: { email: user.email, password: user.password } });
  await calls(token, projectEntryRoutes.enter, { body: { studyId: project.id } });
  return {
    projectId: project.id,
    folderIds: folderRows.map((f) => f.id),
    token,
    email: user.email,
    password: user.password,
  };
}

/** Streams a file of `size` bytes through POST /minio/file/save and reports MB/s and the process's RSS growth. */
export async function uploadBench(baseUrl: string, p: Project, dir: string, size = 200 * MB) {
  const file = path.join(dir, 'big.bin');
  const chunk = randomBytes(MB);
  const out = fs.createWriteStream(file);
  for (let i = 0; i < size / MB; i++)
    if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
  await new Promise<void>((r) => out.end(() => r()));

  const t0 = performance.now();
  await run('cp', [file, path.join(dir, 'copy.bin')]);
  await run('sha256sum', [path.join(dir, 'copy.bin')]);
  const baseSeconds = (performance.now() - t0) / 1000;

  // curl sends the file from its own process, so this process's memory is the server's alone.
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const t1 = performance.now();
  const { stdout } = await run('curl', [
    '-s',
    '-H',
    `authorization: Bearer ${p.token}`,
    '-F',
    `folderId=${p.folderIds[0]}`,
    '-F',
    'name=Big upload',
    '-F',
    `file=@${file};filename=big.bin`,
    `${baseUrl}/edoc/minio/file/save`,
  ]);
  const seconds = (performance.now() - t1) / 1000;
  clearInterval(sampler);
  // Read after the timing: a refusal throws with the server's message.
  dataOf(documentRoutes.upload, JSON.parse(stdout));
  await fs.promises.rm(path.join(dir, 'copy.bin'));
  await fs.promises.rm(file);
  return { mbps: size / MB / seconds, baseMbps: size / MB / baseSeconds, rssGrowthMb: (peak - rssBefore) / MB };
}

/**
 * `count` documents with a version each, spread over the folders, names in Chinese and English, each updated a
 * second after the one before.
 */
export async function seedDocuments(db: Db, owner: Db, p: Project, count = 100_000) {
  const userId = sql`(select user_id from project_members where project_id = ${p.projectId} limit 1)`;
  await db.execute(sql`
    insert into documents (project_id, folder_id, name, file_code, ich_code, created_by, created_at, updated_at)
    select ${p.projectId}, (${sql.raw(`array[${p.folderIds.join(',')}]`)})[1 + (g % ${p.folderIds.length})],
           (array['方案','知情同意书','研究者手册','监查报告','Protocol','Consent form','CV','Monitoring report'])[1 + (g % 8)]
             || ' ' || g, 'DOC-' || lpad(g::text, 7, '0'), '8.2.' || (1 + g % 20), ${userId},
           now() - make_interval(secs => ${count} - g), now() - make_interval(secs => ${count} - g)
    from generate_series(1, ${count}) as g`);
  await db.execute(sql`
    insert into document_versions (document_id, version_no, sha256, size, file_name, extension, mime_type, created_by)
    select d.id, 'V1.0', md5(d.id::text) || md5(d.name), 1000, d.name || '.pdf', 'pdf', 'application/pdf', d.created_by
    from documents d where d.project_id = ${p.projectId} and d.current_version_id is null`);
  await db.execute(sql`
    update documents d set current_version_id = v.id from document_versions v
    where v.document_id = d.id and d.project_id = ${p.projectId} and d.current_version_id is null`);
  await settle(owner, ['documents', 'document_versions']);
}

/**
 * Vacuumed by the tables' owner as after any bulk load (the app's role may not): the visibility map lets counts read
 * indexes alone, the trigram indexes' pending lists are flushed (every name search read them whole), and
 * autovacuum does not wake in the middle of the timings (a 5.9 s p99 seen when it did).
 */
export async function settle(owner: Db, tables: string[]) {
  for (const table of tables) await owner.execute(sql.raw(`vacuum analyze ${table}`));
}

/** The SQL the listing runs (count + page with version, folder and creator), straight on the pool. */
export function listingSql(p: Project, folderId: number | null, name: string | null) {
  const where = sql`d.project_id = ${p.projectId} and d.deleted_at is null
    and ${folderId ? sql`d.folder_id = ${folderId}` : sql`d.folder_id = any(${sql.raw(`array[${p.folderIds.join(',')}]`)})`}
    ${name ? sql`and (d.name ilike ${`%${name}%`} or d.file_code ilike ${`%${name}%`})` : sql``}`;
  return [
    sql`select count(*) from documents d where ${where}`,
    sql`select d.*, v.*, f.name as folder_name, u.name as creator from documents d
        left join document_versions v on v.id = d.current_version_id
        left join folders f on f.id = d.folder_id
        join users u on u.id = d.created_by
        where ${where} order by d.updated_at desc, d.id desc limit 20`,
  ];
}

/** Runs the queries with `connections` workers for `seconds`, like autocannon does for HTTP. */
export async function sqlLoad(db: Db, queries: ReturnType<typeof listingSql>, seconds: number, connections: number) {
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        for (const q of queries) await db.execute(q);
        latencies.push(performance.now() - t);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return { rps: latencies.length / seconds, p50: at(0.5), p99: at(0.99) };
}

/**
 * Home's task list (issue 30): `count` open tasks of the project's administrator, on the first documents, due on
 * days spread over a year (half of them past), half with a sender, and as many done with an outcome.
 */
export async function seedTasks(db: Db, owner: Db, p: Project, count = 2_000) {
  const userId = sql`(select user_id from project_members where project_id = ${p.projectId} limit 1)`;
  await db.execute(sql`
    insert into tasks (project_id, document_id, user_id, kind, state, sender_id, due_date, outcome, done_at)
    select d.project_id, d.id, ${userId}, (array['review','qc','approve','receive'])[1 + (n % 4)], n % 2,
           case when n % 4 < 2 then ${userId} end, current_date + (n % 365 - 180),
           case when n % 2 = 1 then 'pass' end, case when n % 2 = 1 then now() - make_interval(mins => n) end
    from (select id, project_id, (row_number() over (order by id))::int as n from documents
          where project_id = ${p.projectId} order by id limit ${count * 2}) as d`);
  await settle(owner, ['tasks']);
}

/** The SQL of a page of those open tasks, most urgent first, with their total: straight on the pool. */
export function taskSql(p: Project) {
  return [
    sql`select t.id, t.kind, t.document_id, t.due_date, t.created_at, t.done_at, t.outcome, d.name, d.folder_id,
          s.name as sender, count(*) over () as total
        from tasks t join documents d on d.id = t.document_id left join users s on s.id = t.sender_id
        where t.project_id = ${p.projectId} and t.user_id = (select user_id from project_members
          where project_id = ${p.projectId} limit 1) and t.state = 0 and d.deleted_at is null
        order by t.due_date asc nulls last, t.id asc limit 20`,
  ];
}
