// npm run typecheck: every TypeScript project, checked by TypeScript 7's native compiler (`typescript-native`, an
// npm alias of typescript@7). It checks the server in about a third of TypeScript 5's time, on both cores; the suite
// had spent two minutes of its 25 here. TypeScript 5 stays the `typescript` package: typescript-eslint and
// check-states.mjs read the compiler's JavaScript API, which TypeScript 7 does not have (DESIGN §1).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsc = path.join(path.dirname(createRequire(import.meta.url).resolve('typescript-native/package.json')), 'bin/tsc');
const projects = ['packages/contract', 'packages/test-support', 'apps/server', 'apps/web', 'e2e', 'bench'];

let failed = 0;
for (const project of projects) {
  const run = spawnSync(process.execPath, [tsc, '-p', project], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) {
    console.error(`typecheck: ${project} failed`);
    failed++;
  }
}
process.exit(failed ? 1 : 0);
