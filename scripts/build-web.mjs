// Builds the web app when its sources (or the contract it imports) are newer than the last build.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The newest modification time of any file under `dir`. */
export function newest(dir) {
  let latest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
  }
  return latest;
}

export function buildWebIfNeeded() {
  const built = path.join(root, 'apps/web/dist/index.html');
  const sources = Math.max(
    newest(path.join(root, 'apps/web/src')),
    newest(path.join(root, 'packages/contract/src')),
    fs.statSync(path.join(root, 'apps/web/index.html')).mtimeMs,
    fs.statSync(path.join(root, 'apps/web/vite.config.ts')).mtimeMs,
  );
  if (fs.existsSync(built) && fs.statSync(built).mtimeMs >= sources) return;
  console.log('building the web app ...');
  // A build started from a test run (e2e's global set-up) inherits NODE_ENV=test, with which Vite bundles React's
  // development build: StrictMode's double effects and all. What the journeys test is the one users get.
  const env = { ...process.env, NODE_ENV: 'production' };
  const build = spawnSync('npm', ['run', 'build', '-w', '@edoc/web'], { cwd: root, stdio: 'inherit', env });
  if (build.status !== 0) throw new Error('web build failed');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildWebIfNeeded();
