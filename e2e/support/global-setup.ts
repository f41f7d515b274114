import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserServer } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import type { TestProject } from 'vitest/node';
import { changeFirstPassword } from './http.ts';
import { freePort, startServer, type RunningServer } from './server.ts';
// @ts-expect-error plain ESM script without types
import { buildWebIfNeeded } from '../../scripts/build-web.mjs';
// @ts-expect-error plain ESM script without types
import { buildServerIfNeeded } from '../../scripts/build-server.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    e2e:
      | {
          baseUrl: string;
          adminEmail: string;
          /** The system administrator's password after his first sign-in (made here, through the API). */
          adminPassword: string;
          mailDir: string;
          smtpPort: number;
          chromium: string;
          /** The one Chromium every journey file connects to (launched here). */
          browserEndpoint: string;
          databaseUrl: string;
        }
      | { skip: string };
  }
}

let server: RunningServer | null = null;
let smtp: SMTPServer | null = null;
let browser: BrowserServer | null = null;
let mailDir: string | null = null;

/** A real SMTP server on 127.0.0.1 that keeps each received message as a file, for the journeys to read. */
async function startSmtp(dir: string): Promise<number> {
  const port = await freePort();
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 1000,
    onData(stream, _session, done) {
      // Written under a temporary name and renamed when whole, so a reader never sees half a message.
      const name = `${Date.now()}-${Math.random().toString(36).slice(2)}.eml`;
      const partial = path.join(dir, `.${name}.part`);
      stream.pipe(fs.createWriteStream(partial)).on('finish', () => {
        fs.rename(partial, path.join(dir, name), (err) => done(err ?? undefined));
      });
    },
  });
  await new Promise<void>((resolve) => smtp!.listen(port, '127.0.0.1', resolve));
  return port;
}

/** Chromium's flags for the journeys: no sandbox (containers), no GPU, nothing fetched from the network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * Builds the web app and the server, starts the real server (embedded PostgreSQL, captcha on, real SMTP) and one
 * Chromium that the journey files share (each opens its own contexts: cookies and storage are not shared; a launch
 * per file cost a second or two each).
 */
export async function setup(project: TestProject) {
  const executable = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(executable)) {
    const reason = `Chromium not found at ${executable}: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH`;
    if (process.env.CI === 'true') throw new Error(reason);
    console.warn(`\n!!! SKIPPING the browser journeys: ${reason}\n`);
    project.provide('e2e', { skip: reason });
    return;
  }
  buildWebIfNeeded();
  await buildServerIfNeeded();
  mailDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'edoc-e2e-mail-'));
  const smtpPort = await startSmtp(mailDir);
  const [started, launched] = await Promise.all([
    startServer({ smtpPort, adminEmail: 'admin@edoc.local', adminPassword: 'First-start1!' }),
    chromium.launchServer({ executablePath: executable, args: CHROMIUM_ARGS }),
  ]);
  server = started;
  browser = launched;
  // The administrator's first sign-in and forced change, through the API: journey 01 shows that one in the browser
  // on a server of its own, so that every journey here finds the administrator as he is after it, in any order.
  const adminPassword = 'Admin-pw1!';
  await changeFirstPassword(server, server.adminEmail, server.adminPassword, adminPassword);
  project.provide('e2e', {
    baseUrl: server.baseUrl,
    adminEmail: server.adminEmail,
    adminPassword,
    mailDir,
    smtpPort,
    chromium: executable,
    browserEndpoint: browser.wsEndpoint(),
    databaseUrl: server.databaseUrl,
  });
}

export async function teardown() {
  await browser?.close();
  await server?.stop();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  if (mailDir) await fsp.rm(mailDir, { recursive: true, force: true });
}
