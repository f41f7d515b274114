// npm test: the one test command (DESIGN §9). Lint, typecheck, then every vitest suite; prints one
// closing line "N passed, N failed" over all of them and exits non-zero when anything failed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv.slice(2);
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'edoc-test-'));
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];

function step(name, cmd, args, cwd = root) {
  if (only.length && !only.includes(name)) return;
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const run = spawnSync(cmd, args, { cwd, stdio: 'inherit', env: process.env });
  console.log(`=== ${name}: ${run.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return run.status === 0;
}

function suite(name, workspace, env = {}) {
  const out = path.join(reports, `${name}.json`);
  Object.assign(process.env, env);
  const ok = step(name, 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${out}`], path.join(root, workspace));
  for (const key of Object.keys(env)) delete process.env[key];
  if (ok === undefined) return;
  if (fs.existsSync(out)) {
    const r = JSON.parse(fs.readFileSync(out, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += r.numPendingTests + r.numTodoTests;
  }
  if (!ok) failures.push(name);
}

for (const [name, args] of [
  ['lint', ['eslint', '.', '--max-warnings=0']],
  ['typecheck', ['run', 'typecheck']],
]) {
  const ok = name === 'lint' ? step(name, 'npx', args) : step(name, 'npm', args);
  if (ok === false) {
    failures.push(name);
    failed++;
  } else if (ok) passed++;
}
suite('contract', 'packages/contract');
suite('server', 'apps/server');
// CI also runs the server suite on Debian's PostgreSQL server (.ci/run sets the address).
if (process.env.TEST_DATABASE_URL_DEBIAN) {
  suite('server-debian-pg', 'apps/server', { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL_DEBIAN });
}
suite('web', 'apps/web');
suite('e2e', 'e2e');

console.log(`\n${failures.length ? `failed steps: ${failures.join(', ')}` : 'all steps passed'}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failures.length ? 1 : 0);
