// What each soak user does (issue 25): a mix of reads (a folder page, My Documents, a document's details and viewer
// state, the task list), uploads, searches, workflow actions (send along a route; pass the first pending task) and
// downloads (a file, checked against its sha256; now and then a download-center pack), with a think time between.
import { documentRoutes } from '@edoc/contract/document-routes';
import { downloadRoutes } from '@edoc/contract/download-routes';
import type { Route } from '@edoc/contract/route';
import { searchRoutes } from '@edoc/contract/search-routes';
import { taskRoutes } from '@edoc/contract/task-routes';
import { viewerRoutes } from '@edoc/contract/viewer-routes';
import { workflowRoutes } from '@edoc/contract/workflow-routes';
import { makePdf, sha256Of } from '@edoc/test-support/files';
import { readZip } from '@edoc/test-support/zip-reader';
import { call, type EdocNode, type NodeAnswer } from '../apps/server/src/test/nodes.ts';
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
  async timed<R extends Route>(kind: string, run: () => Promise<NodeAnswer<R>>): Promise<NodeAnswer<R> | null> {
    const recorded = this.recording;
    const t = performance.now();
    let a: NodeAnswer<R>;
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

let seq = 0;
const upload: Op = async (s, u) => {
  const n = ++seq;
  const file = makePdf(`soak-${n}.pdf`, [`Soak ${n} ${pick(WORDS)} ${pick(WORDS)}`, `user ${u.id} at ${Date.now()}`]);
  const form = new FormData();
  form.set('folderId', String(pick(s.world.folderIds)));
  form.set('name', `Soak ${n}`);
  form.set('file', new Blob([file.buffer], { type: file.mimeType }), file.name);
  const a = await s.stats.timed('upload', () => call(u.node, documentRoutes.upload, { token: u.token, form }));
  if (!a) return;
  const { fileId } = a.data();
  s.uploads.push({ fileId, sha256: file.sha256, node: u.node });
  u.editing.push(fileId);
};

/** A download of any acknowledged upload, through this user's node, must give back the bytes uploaded. */
const download: Op = async (s, u) => {
  const up = pick(s.uploads);
  const a = await s.stats.timed('download', () =>
    call(u.node, documentRoutes.download, { token: u.token, query: { fileId: up.fileId } }),
  );
  if (a && sha256Of(a.bytes) !== up.sha256) s.stats.error('download', 'sha256 differs', `file ${up.fileId}`);
};

/** Sends one of the user's own documents along a route through every stage, to three other users. */
const send: Op = async (s, u) => {
  const fileId = u.editing.shift();
  if (fileId === undefined) return upload(s, u);
  await s.stats.timed('send for review', () =>
    call(u.node, workflowRoutes.send, { token: u.token, body: { fileId, stages: routeFor(s.world, u) } }),
  );
};

/**
 * The pending tasks, as the home page lists them, and the first review, QC or approval among them passed. The routes
 * carry a due date, so these come before the senders' archive tasks (a processed document's next step), which have
 * none.
 */
const work: Op = async (s, u) => {
  const a = await s.stats.timed('task list', () =>
    call(u.node, taskRoutes.list, { token: u.token, query: { state: 'pending', pageSize: 20 } }),
  );
  const task = a?.data().data.find((t) => ['review', 'qc', 'approve'].includes(t.kind));
  if (task) {
    await s.stats.timed('pass', () =>
      call(u.node, workflowRoutes.decide, {
        token: u.token,
        params: { id: task.fileId },
        body: { pass: true, comment: 'Soak' },
      }),
    );
  }
};

/** A download-center pack of a few documents: asked for, waited for (the worker packs it), fetched and checked. */
const pack: Op = async (s, u) => {
  const files = Array.from({ length: 5 }, () => pick(s.uploads));
  const fileIds = [...new Set(files.map((f) => f.fileId))];
  const made = await s.stats.timed('pack create', () =>
    call(u.node, downloadRoutes.createTask, { token: u.token, body: { name: `Soak pack ${++seq}`, fileIds } }),
  );
  if (!made) return;
  const { id } = made.data();
  for (let waited = 0; ; waited += 1000) {
    await new Promise((r) => setTimeout(r, 1000));
    const list = await s.stats.timed('pack list', () =>
      call(u.node, downloadRoutes.taskList, { token: u.token, query: { pageSize: 50 } }),
    );
    const state = list?.data().data.find((t) => t.id === id)?.state;
    if (state === 'completed') break;
    if (state !== 'packing' || waited > 120_000) {
      if (list) s.stats.error('pack', `task ${state ?? 'not listed'}`, `task ${id} after ${waited} ms`);
      return;
    }
  }
  const zip = await s.stats.timed('pack download', () =>
    call(u.node, downloadRoutes.taskFile, { token: u.token, params: { id } }),
  );
  if (!zip) return;
  const inside = new Set(readZip(zip.bytes).map((e) => sha256Of(e.content)));
  const wanted = new Set(files.map((f) => f.sha256));
  if ([...wanted].some((h) => !inside.has(h))) s.stats.error('pack', 'content differs', `task ${id}`);
};

/** A read: one GET, timed under its kind. */
const read =
  <R extends Route>(kind: string, send: (s: Soak, u: SoakUser) => Promise<NodeAnswer<R>>): Op =>
  async (s, u) => {
    await s.stats.timed(kind, () => send(s, u));
  };

/** Each operation with its weight in the mix. */
const MIX: Array<[number, Op]> = [
  [
    16,
    read('folder list', (s, u) =>
      call(u.node, documentRoutes.list, {
        token: u.token,
        query: { folderId: pick(s.world.folderIds), pageSize: 20 },
      }),
    ),
  ],
  [
    8,
    read('my documents', (_, u) =>
      call(u.node, documentRoutes.list, { token: u.token, query: { view: 'mine', pageSize: 20 } }),
    ),
  ],
  [
    10,
    read('document info', (s, u) =>
      call(u.node, viewerRoutes.detail, { token: u.token, params: { id: pick(s.uploads).fileId } }),
    ),
  ],
  [
    8,
    read('viewer state', (s, u) =>
      call(u.node, viewerRoutes.state, { token: u.token, params: { id: pick(s.uploads).fileId } }),
    ),
  ],
  [
    8,
    read('search', (_, u) =>
      call(u.node, searchRoutes.search, { token: u.token, query: { q: pick(WORDS), pageSize: 20 } }),
    ),
  ],
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
          call(node, documentRoutes.download, { token, query: { fileId: up.fileId } }),
        );
        if (a && sha256Of(a.bytes) === up.sha256) matching++;
        else if (a) s.stats.error('final download', 'sha256 differs', `file ${up.fileId}`);
      }
    }),
  );
  return matching;
}
