import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
// @ts-expect-error plain ESM script without types
import { SERVER_ENTRY } from '../../../../scripts/build-server.mjs';
import type { Db } from '../db/client.ts';
import { authRoutes } from '@edoc/contract/auth-routes';
import { anyEnvelope, type AnyEnvelope } from '@edoc/contract/envelope';
import { RoleCode } from '@edoc/contract/enums';
import { API_BASE } from '@edoc/contract/limits';
import { projectRoutes } from '@edoc/contract/project-routes';
import {
  answersData,
  pathOf,
  searchOf,
  type InputArgs,
  type Route,
  type RouteData,
  type RouteInput,
} from '@edoc/contract/route';
import { and, eq } from 'drizzle-orm';
import { members, roles } from '../db/schema/projects.ts';
import { createCompany, createCompanyAdmin, createProjectUser, PASSWORD } from './factories.ts';
import { captchaAnswer } from './records.ts';

/** apps/server, where a node runs as `npm start` runs it. */
const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** How much of a node's output is kept for a failing test's message. */
const OUTPUT_KEPT = 1024 * 1024;

/** One real edoc process, as `npm start` runs it on a machine of a multi-node installation. */
export interface EdocNode {
  name: string;
  /** The process, whose memory the bench's soak reads. */
  pid: number;
  /** Where an API node listens (http://127.0.0.1:port); a worker listens nowhere. */
  url: string | null;
  /** What it printed (the last megabyte or more), for the message of a failing test. */
  output(): string;
  /** Whether the process still runs. */
  alive(): boolean;
  /** SIGTERM (a clean shutdown, with its last checkpoint), SIGKILL after 15 s. */
  stop(): Promise<void>;
  /** kill -9: no shutdown code runs, as when the machine loses power. */
  kill(): Promise<void>;
}

/**
 * Starts the server's bundle as `npm start` does (apps/server/dist/main.js, brought up to date with the sources by
 * global-setup.ts), on the Node.js running the tests, with the given environment, and resolves when it serves: an API
 * node once it listens (PORT=0, the address read from its log), a worker once it says so. The bundle, not the sources
 * through tsx: each of the tests' dozen starts would compile some 300 files again, seconds each on a busy machine.
 */
export function startNode(name: string, env: Record<string, string>, timeoutMs = 60_000): Promise<EdocNode> {
  const child: ChildProcess = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let served = false;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const node = (url: string | null): EdocNode => ({
    name,
    pid: child.pid!,
    url,
    output: () => out,
    alive: () => child.exitCode === null && child.signalCode === null,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${name} did not start within ${timeoutMs} ms:\n${out}`));
    }, timeoutMs);
    // A long run logs every request (the bench's soak, ten minutes): only the output's last megabytes are kept, and
    // it is searched only until the node serves (not the whole of it again at each chunk).
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (out.length > 2 * OUTPUT_KEPT) out = out.slice(-OUTPUT_KEPT);
      if (served) return;
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (listening || /edoc worker running/.test(out)) {
        served = true;
        clearTimeout(timer);
        resolve(node(listening?.[1] ?? null));
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${code ?? signal}) before it served:\n${out}`));
    });
  });
}

/** What a call to a node sends besides the route's inputs. */
export interface NodeCallExtras {
  /** The session's bearer token; none calls anonymously. */
  token?: string;
  /** A multipart body (an upload: its text fields and the file) instead of the JSON body. */
  form?: FormData;
  /** More headers (idempotency-key…). */
  headers?: Record<string, string>;
}

/**
 * The answer of one call to a node, as sent: these tests look at statuses under faults (503, 423), so the HTTP
 * status, the headers and the envelope stay readable whatever came back; `data()` is for a call that must succeed.
 */
export interface NodeAnswer<R extends Route> {
  status: number;
  headers: Headers;
  /** The envelope as sent when the answer is one (a file route's refusal, /health's own JSON), else null. */
  json: AnyEnvelope | null;
  bytes: Buffer;
  /** The envelope's data, parsed by the route's response schema; throws naming the route on anything else. */
  data(): RouteData<R>;
}

/** Any JSON envelope, its other keys kept: a replayed answer is compared with the first as a whole. */
const sentEnvelope = anyEnvelope.loose();

/**
 * One HTTP call of a route of the contract's tables to a node, as a browser behind the load balancer would make it:
 * `call(node, folderRoutes.create, { token, body: {...} })`. A POST or PUT sends its body as JSON (`{}` when none
 * is given, as the web app sends) unless it sends a form.
 */
export async function call<R extends Route>(
  node: EdocNode,
  route: R,
  ...[input]: InputArgs<RouteInput<R> & NodeCallExtras>
): Promise<NodeAnswer<R>> {
  const given: { params?: object; query?: object; body?: unknown } & NodeCallExtras = input ?? {};
  const headers: Record<string, string> = { 'accept-language': 'en-US', ...given.headers };
  if (given.token) headers.authorization = `Bearer ${given.token}`;
  let body: string | FormData | undefined = given.form;
  if (!given.form && (route.method === 'POST' || route.method === 'PUT')) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(given.body ?? {});
  }
  const search = given.query ? searchOf(given.query).toString() : '';
  const url = `${node.url}${API_BASE}${pathOf(route, given.params)}${search ? `?${search}` : ''}`;
  const res = await fetch(url, { method: route.method, headers, body });
  const bytes = Buffer.from(await res.arrayBuffer());
  const json = res.headers.get('content-type')?.includes('application/json')
    ? (sentEnvelope.safeParse(JSON.parse(bytes.toString('utf8'))).data ?? null)
    : null;
  const what = `${route.method} ${route.path} on ${node.name}`;
  return {
    status: res.status,
    headers: res.headers,
    json,
    bytes,
    data() {
      if (!answersData(route)) throw new Error(`${what} answers a file, not data`);
      if (!json) throw new Error(`${what} answered no envelope (${res.status}): ${bytes.toString('utf8', 0, 500)}`);
      if (!json.status) throw new Error(`${what} refused (${res.status} ${json.errorCode}): ${json.msg}`);
      const parsed = route.response.safeParse(json.data);
      if (!parsed.success) throw new Error(`${what} answered data of another shape: ${parsed.error.message}`);
      return parsed.data as RouteData<R>;
    },
  };
}

/**
 * A new, empty database on the test server with an owner (migrations) and a plain login role (the app), as the
 * README asks of an installation on its own PostgreSQL. `drop` removes both.
 */
export async function createNodeDatabase(templateUrl: string) {
  const template = new URL(templateUrl);
  const adminUrl = Object.assign(new URL(template), { pathname: '/postgres' }).toString();
  const name = `node_${process.pid}_${randomBytes(3).toString('hex')}`;
  const appRole = `${name}_app`;
  const password = randomBytes(12).toString('hex');
  const asAdmin = async (statements: string[]) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      for (const statement of statements) await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await asAdmin([
    `CREATE DATABASE ${name}`,
    `CREATE ROLE ${appRole} LOGIN PASSWORD '${password}'`,
    `GRANT CONNECT, CREATE ON DATABASE ${name} TO ${appRole}`,
  ]);
  const ownerUrl = Object.assign(new URL(template), { pathname: `/${name}` });
  const appUrl = Object.assign(new URL(ownerUrl), { username: appRole, password });
  return {
    ownerUrl: ownerUrl.toString(),
    appUrl: appUrl.toString(),
    drop: () => asAdmin([`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`, `DROP ROLE IF EXISTS ${appRole}`]),
  };
}

/** Signs in on a node, solving the captcha that node (or `captchaFrom`) issued (tests know its answer: records.ts). */
export async function signInOn(db: Db, node: EdocNode, email: string, captchaFrom: EdocNode = node): Promise<string> {
  const captcha = (await call(captchaFrom, authRoutes.captcha)).data();
  const captchaCode = await captchaAnswer(db, captcha.id);
  // A refused sign-in throws from data(), naming the node and the server's message.
  const res = await call(node, authRoutes.login, {
    body: { email, password: PASSWORD, captchaId: captcha.id, captchaCode },
  });
  return res.data().token;
}

/** Polls `probe` until it gives something, or fails naming what did not happen. */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | null | undefined>,
  timeoutMs = 20_000,
  intervalMs = 200,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/**
 * A project made as a company administrator makes it, through `node`'s API, with a project user of the company made
 * its project administrator (STU_PM): the world the node tests start from. Signing in is the caller's.
 */
export async function projectOnNode(db: Db, node: EdocNode, project: { code: string; name: string }) {
  const company = await createCompany(db);
  const admin = await createCompanyAdmin(db, company.id);
  const adminToken = await signInOn(db, node, admin.email);
  const created = await call(node, projectRoutes.create, { token: adminToken, body: project });
  const projectId = created.data().studyId;
  const [pmRole] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.projectId, projectId), eq(roles.code, RoleCode.ProjectAdmin)));
  const pm = await createProjectUser(db, company.id);
  await db.insert(members).values({ projectId, userId: pm.id, roleId: pmRole.id });
  return { companyId: company.id, projectId, pm };
}
