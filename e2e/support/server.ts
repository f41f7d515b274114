import { spawn } from 'node:child_process';
import fsp from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Server } from './http.ts';
// @ts-expect-error plain ESM script without types
import { SERVER_ENTRY } from '../../scripts/build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** A running edoc on a data folder of its own, and how to stop it (the folder is removed). */
export interface RunningServer extends Server {
  adminEmail: string;
  adminPassword: string;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Starts the real server as `npm start` runs it (the bundle, scripts/build-server.mjs, built beforehand) on a new
 * data folder: its first start, with the embedded PostgreSQL, the captcha on, mail to `smtpPort`. Waits for /health.
 */
export async function startServer(opts: {
  smtpPort: number;
  adminEmail: string;
  adminPassword: string;
}): Promise<RunningServer> {
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'edoc-e2e-'));
  await fsp.chmod(dataDir, 0o755);
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER_ENTRY as string], {
    cwd: path.join(root, 'apps/server'),
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      // Addresses the app hands out (a WebDAV address to edit in, issue 15) must reach this server.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ADMIN_EMAIL: opts.adminEmail,
      ADMIN_PASSWORD: opts.adminPassword,
      SMTP_URL: `smtp://127.0.0.1:${opts.smtpPort}`,
      LOGIN_CAPTCHA: 'on',
      LOG_LEVEL: 'warn',
      // The library journey waits for a document's effective date to come (a minute by default).
      ACTIVATION_INTERVAL_SECONDS: '3',
      // Journey 16 waits for a webhook's test delivery, which goes with the next round (15 s by default).
      WEBHOOK_INTERVAL_SECONDS: '2',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000).unref())]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    await fsp.rm(dataDir, { recursive: true, force: true });
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the server exited with ${child.exitCode}`);
    }
    const ok = await fetch(`${baseUrl}/edoc/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error('the server did not become healthy within 120 s');
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  // The journeys read a captcha's answer where only a test may: the server's own database (the image has no digits).
  const secrets = JSON.parse(await fsp.readFile(path.join(dataDir, 'db-secrets.json'), 'utf8')) as { app: string };
  const pgPort = (await fsp.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[3].trim();
  const databaseUrl = `postgres://edoc_app:${encodeURIComponent(secrets.app)}@127.0.0.1:${pgPort}/edoc`;
  return { baseUrl, databaseUrl, dataDir, adminEmail: opts.adminEmail, adminPassword: opts.adminPassword, stop };
}
