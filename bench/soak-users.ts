// What each soak user does (issue 25): a mix of reads (a folder page, My Documents, a document's details and viewer
// state, the task list), uploads, searches, workflow actions (send along a route; pass the first pending task) and
// downloads (a file, checked against its sha256; now and then a download-center pack), with a think time between.
import { makePdf, sha256Of } from '@edoc/test-support/files';
import { readZip } from '@edoc/test-support/zip-reader';
import { call, type Answer, type EdocNode } from '../apps/server/src/test/nodes.ts';
import { routeFor, type SoakUser, type SoakWorld } from './soak-world.ts';

const WORDS = ['protocol', 'consent', 'monitoring', 'investigator', 'deviation', 'safety', 'pharmacy', 'laboratory'];
const pick = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)];

/** Latencies per kind of call (only those started once `recording`), and every failure by kind and answer. */
export class SoakStats {
  recording = false;
  readonly latencies = new Map<string, number[]>();
  readonly errors = new Map<string, { count: number; sample: string }>();

  time(kind: string, ms: number) {
    if (!this.recording) return;
    const list = this.latencies.get(kind) ?? [];
    list.push(ms);
    this.latencies.set(kind, list);
  }

  error(kind: string, what: string, sample: string) {
    const key = `${kind}: ${what}`;
    const seen = this.errors.get(key) ?? { count: 0, sample: sample.slice(0, 300) };
    seen.count++;
    this.errors.set(key, seen);
  }

  /** The call, timed under `kind`; its answer when it is a 200 with a successful envelope (or raw bytes). */
  async timed<T>(kind: string, run: () => Promise<Answer<T>>): Promise<Answer<T> | null> {
    const recorded = this.recording;
    const t = performance.now();
    let a: Answer<T>;
    try {
      a = await run();
    } catch (err) {
      this.error(kind, 'no answer', String(err));
      return null;
    }
    if (recorded) this.time(kind, performance.now() - t);
    if (a.status === 200 && (a.json === null || a.json.status)) return a;
    this.error(kind, `${a.status} ${a.json?.errorCode ?? ''}`.trim(), a.json?.msg ?? a.bytes.toString('utf8', 0, 300));
    return null;
  }
}

/** An upload the server acknowledged: what a download of it must give back. */
export interface Upload {
  fileId: number;
  sha256: string;
  node: EdocNode;
}

export interface Soak {
  world: SoakWorld;
  stats: SoakStats;
  uploads: Upload[];
  /** Set when the users are to stop (each ends its current operation first). */
  stopped: boolean;
}

type Op = (s: Soak, u: SoakUser) => Promise<void>;

const get = <T>(u: SoakUser, url: string) => call<T>(u.node, 'GET', url, { token: u.token });
const post = <T>(u: SoakUser, url: string, body: unknown) => call<T>(u.node, 'POST', url, { token: u.token, body });

let seq = 0;
const upload: Op = async (s, u) => {
  const n = ++seq;
  const file = makePdf(`soak-${n}.pdf`, [`Soak ${n} ${pick(WORDS)} ${pick(WORDS)}`, `user ${u.id} at ${Date.now()}`]);
  const form = new FormData();
  form.set('folderId', String(pick(s.world.folderIds)));
  form.set('name', `Soak ${n}`);
  form.set('file', new Blob([file.buffer], { type: file.mimeType }), file.name);
  const a = await s.stats.timed('upload', () =>
    call<{ fileId: number }>(u.node, 'POST', '/minio/file/save', { token: u.token, form }),
  );
  if (!a) return;
  s.uploads.push({ fileId: a.json.data.fileId, sha256: file.sha256, node: u.node });
  u.editing.push(a.json.data.fileId);
};

/** A download of any acknowledged upload, through this user's node, must give back the bytes uploaded. */
const download: Op = async (s, u) => {
  const up = pick(s.uploads);
  const a = await s.stats.timed('download', () => get(u, `/minio/file/down?fileId=${up.fileId}`));
  if (a && sha256Of(a.bytes) !== up.sha256) s.stats.error('download', 'sha256 differs', `file ${up.fileId}`);
};

/** Sends one of the user's own documents along a route through every stage, to three other users. */
const send: Op = async (s, u) => {
  const fileId = u.editing.shift();
  if (fileId === undefined) return upload(s, u);
  await s.stats.timed('send for review', () => post(u, '/file/apply/save', { fileId, stages: routeFor(s.world, u) }));
};

/**
 * The pending tasks, as the home page lists them, and the first review, QC or approval among them passed. The routes
 * carry a due date, so these come before the senders' archive tasks (a processed document's next step), which have
 * none.
 */
const work: Op = async (s, u) => {
  const a = await s.stats.timed('task list', () =>
    get<{ data: Array<{ fileId: number; kind: string }> }>(u, '/task/list?state=pending&pageSize=20'),
  );
  const task = a?.json.data.data.find((t) => ['review', 'qc', 'approve'].includes(t.kind));
  if (task) await s.stats.timed('pass', () => post(u, `/file/audit/${task.fileId}/a`, { pass: true, comment: 'Soak' }));
};

/** A download-center pack of a few documents: asked for, waited for (the worker packs it), fetched and checked. */
const pack: Op = async (s, u) => {
  const files = Array.from({ length: 5 }, () => pick(s.uploads));
  const fileIds = [...new Set(files.map((f) => f.fileId))];
  const made = await s.stats.timed('pack create', () =>
    post<{ id: number }>(u, '/download/task/create', { name: `Soak pack ${++seq}`, fileIds }),
  );
  if (!made) return;
  const id = made.json.data.id;
  for (let waited = 0; ; waited += 1000) {
    await new Promise((r) => setTimeout(r, 1000));
    const list = await s.stats.timed('pack list', () =>
      get<{ data: Array<{ id: number; state: string; error: string | null }> }>(u, '/download/task/list?pageSize=50'),
    );
    const state = list?.json.data.data.find((t) => t.id === id)?.state;
    if (state === 'completed') break;
    if (state !== 'packing' || waited > 120_000) {
      if (list) s.stats.error('pack', `task ${state ?? 'not listed'}`, `task ${id} after ${waited} ms`);
      return;
    }
  }
  const zip = await s.stats.timed('pack download', () => get(u, `/download/task/${id}/file`));
  if (!zip) return;
  const inside = new Set(readZip(zip.bytes).map((e) => sha256Of(e.content)));
  const wanted = new Set(files.map((f) => f.sha256));
  if ([...wanted].some((h) => !inside.has(h))) s.stats.error('pack', 'content differs', `task ${id}`);
};

/** A read: one GET, timed under its kind. */
const read =
  (kind: string, url: (s: Soak) => string): Op =>
  async (s, u) => {
    await s.stats.timed(kind, () => get(u, url(s)));
  };

/** Each operation with its weight in the mix. */
const MIX: Array<[number, Op]> = [
  [16, read('folder list', (s) => `/folder/workspace/file/list?folderId=${pick(s.world.folderIds)}&pageSize=20`)],
  [8, read('my documents', () => '/folder/workspace/file/list?view=mine&pageSize=20')],
  [10, read('document info', (s) => `/file/${pick(s.uploads).fileId}`)],
  [8, read('viewer state', (s) => `/minio/file/state/${pick(s.uploads).fileId}`)],
  [8, read('search', () => `/file/search?q=${pick(WORDS)}&pageSize=20`)],
  [18, work],
  [10, upload],
  [5, send],
  [12, download],
  [1, pack],
];
const TOTAL = MIX.reduce((n, [w]) => n + w, 0);

/** One user's life until the soak stops: an operation, then a think time of 0 to twice `thinkMs`. */
export async function live(s: Soak, u: SoakUser, thinkMs: number): Promise<void> {
  await new Promise((r) => setTimeout(r, Math.random() * thinkMs * 2));
  while (!s.stopped) {
    let roll = Math.random() * TOTAL;
    const [, op] = MIX.find(([w]) => (roll -= w) < 0) ?? MIX[0];
    // Until something is uploaded there is nothing to read, send or download.
    await (s.uploads.length === 0 ? upload : op)(s, u);
    await new Promise((r) => setTimeout(r, Math.random() * thinkMs * 2));
  }
}

/** Every acknowledged upload downloaded back through the other API node: how many gave back their bytes. */
export async function downloadAll(s: Soak, apis: EdocNode[], token: string): Promise<number> {
  let matching = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < s.uploads.length) {
        const up = s.uploads[next++];
        const node = apis.find((n) => n !== up.node) ?? up.node;
        const a = await s.stats.timed('final download', () =>
          call(node, 'GET', `/minio/file/down?fileId=${up.fileId}`, { token }),
        );
        if (a && sha256Of(a.bytes) === up.sha256) matching++;
        else if (a) s.stats.error('final download', 'sha256 differs', `file ${up.fileId}`);
      }
    }),
  );
  return matching;
}
