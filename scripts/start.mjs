// npm start: builds the web app and the server bundle when their sources are newer than the builds (npm install
// builds both), then runs the server (embedded PostgreSQL unless DATABASE_URL is set). Signals reach the server,
// which shuts down cleanly.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServerIfNeeded, SERVER_ENTRY } from './build-server.mjs';
import { buildWebIfNeeded } from './build-web.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
buildWebIfNeeded();
await buildServerIfNeeded();

// The bundle, not the sources through tsx: it starts in half the time (issue 16, `npm run bench -- start`).
const server = spawn(process.execPath, [SERVER_ENTRY], {
  cwd: path.join(root, 'apps/server'),
  stdio: 'inherit',
  env: { DATA_DIR: path.join(root, 'data'), ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
