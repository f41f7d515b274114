import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import type { TestProject } from 'vitest/node';
// @ts-expect-error plain ESM script without types
import { buildWebIfNeeded } from '../../scripts/build-web.mjs';
// @ts-expect-error plain ESM script without types
import { buildServerIfNeeded, SERVER_ENTRY } from '../../scripts/build-server.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    e2e:
      | {
          baseUrl: string;
          adminEmail: string;
          adminPassword: string;
          mailDir: string;
          chromium: string;
          databaseUrl: string;
        }
      | { skip: string };
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let server: ChildProcess | null = null;
let smtp: SMTPServer | null = null;
let dataDir: string | null = null;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** A real SMTP server on 127.0.0.1 that keeps each received message as a file, for the journeys to read. */
async function startSmtp(mailDir: string): Promise<number> {
  const port = await freePort();
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 1000,
    onData(stream, _session, done) {
      // Written under a temporary name and renamed when whole, so a reader never sees half a message.
      const name = `${Date.now()}-${Math.random().toString(36).slice(2)}.eml`;
      const partial = path.join(mailDir, `.${name}.part`);
      stream.pipe(fs.createWriteStream(partial)).on('finish', () => {
        fs.rename(partial, path.join(mailDir, name), (err) => done(err ?? undefined));
      });
    },
  });
  await new Promise<void>((resolve) => smtp!.listen(port, '127.0.0.1', resolve));
  return port;
}

/** Builds the web app, starts the real server (embedded PostgreSQL, captcha on, real SMTP) and waits for /health. */
export async function setup(project: TestProject) {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(chromium)) {
    const reason = `Chromium not found at ${chromium}: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH`;
    if (process.env.CI === 'true') throw new Error(reason);
    console.warn(`\n!!! SKIPPING the browser journeys: ${reason}\n`);
    project.provide('e2e', { skip: reason });
    return;
  }
  buildWebIfNeeded();
  await buildServerIfNeeded();
  dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'edoc-e2e-'));
  await fsp.chmod(dataDir, 0o755);
  const mailDir = path.join(dataDir, 'received-mail');
  await fsp.mkdir(mailDir);
  const smtpPort = await startSmtp(mailDir);
  const port = await freePort();
  const adminEmail = 'admin@edoc.local';
  const adminPassword = 'First-start1!';
  // The server as `npm start` runs it: the bundle (scripts/build-server.mjs), not the sources through tsx.
  server = spawn(process.execPath, [SERVER_ENTRY as string], {
    cwd: path.join(root, 'apps/server'),
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      // Addresses the app hands out (a WebDAV address to edit in, issue 15) must reach this server.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      LOGIN_CAPTCHA: 'on',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    const ok = await fetch(`${baseUrl}/edoc/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error('the server did not become healthy within 120 s');
    await new Promise((r) => setTimeout(r, 300));
  }
  // The journeys read a captcha's answer where only a test may: the server's own database (the image has no digits).
  const secrets = JSON.parse(await fsp.readFile(path.join(dataDir, 'db-secrets.json'), 'utf8')) as { app: string };
  const pgPort = (await fsp.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[3].trim();
  const databaseUrl = `postgres://edoc_app:${encodeURIComponent(secrets.app)}@127.0.0.1:${pgPort}/edoc`;
  project.provide('e2e', { baseUrl, adminEmail, adminPassword, mailDir, chromium, databaseUrl });
}

export async function teardown() {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server!.once('exit', r));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000).unref())]);
    if (server.exitCode === null) server.kill('SIGKILL');
  }
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  if (dataDir) await fsp.rm(dataDir, { recursive: true, force: true });
}
