// npm start: builds the web app when its sources are newer than the build, then runs the server
// (embedded PostgreSQL unless DATABASE_URL is set). Signals reach the server, which shuts down cleanly.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWebIfNeeded } from './build-web.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
buildWebIfNeeded();

const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: path.join(root, 'apps/server'),
  stdio: 'inherit',
  env: { DATA_DIR: path.join(root, 'data'), ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
