import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** apps/server, where `npm start -w apps/server` runs `tsx src/main.ts`. */
const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** One real edoc process (src/main.ts), as a machine of a multi-node installation runs it. */
export interface EdocNode {
  name: string;
  /** Where an API node listens (http://127.0.0.1:port); a worker listens nowhere. */
  url: string | null;
  /** Everything it printed so far, for the message of a failing test. */
  output(): string;
  /** SIGTERM (a clean shutdown, with its last checkpoint), SIGKILL after 15 s. */
  stop(): Promise<void>;
}

/**
 * Starts `node --import tsx src/main.ts` (the Node.js running the tests) with the given environment and resolves
 * when it serves: an API node once it listens (PORT=0, the address read from its log), a worker once it says so.
 */
export function startNode(name: string, env: Record<string, string>, timeoutMs = 60_000): Promise<EdocNode> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const node = (url: string | null): EdocNode => ({
    name,
    url,
    output: () => out,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${name} did not start within ${timeoutMs} ms:\n${out}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (listening || /edoc worker running/.test(out)) {
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

export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  /** The envelope, when the answer is JSON. */
  json: { status: boolean; msg: string; errorCode: string | null; data: T };
  bytes: Buffer;
}

/** One HTTP call to a node, as a browser behind the load balancer would make it. */
export async function call<T = unknown>(
  node: EdocNode,
  method: 'GET' | 'POST',
  url: string,
  opts: { token?: string; body?: unknown; form?: FormData; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { 'accept-language': 'en-US', ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: string | FormData | undefined = opts.form;
  if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const res = await fetch(`${node.url}/edoc${url}`, { method, headers, body });
  const bytes = Buffer.from(await res.arrayBuffer());
  const isJson = res.headers.get('content-type')?.includes('application/json');
  return {
    status: res.status,
    headers: res.headers,
    json: isJson ? JSON.parse(bytes.toString('utf8')) : null,
    bytes,
  };
}
