// Test clients call through the contract's route tables (issue 24, item 6), checked by `npm run lint`: a call's
// answer is typed and checked by its route's response schema, never asserted by hand. It fails, naming file and
// line, on:
//   - `json<…>()` in the server's test code (apps/server/src/**/*.test.ts and apps/server/src/test/): read data with
//     `client(app, token).call(route, input).data`, a refusal with `.errorCode` / `.msg` or `envelopeOf(res)`;
//   - in the journeys' client and journeys (e2e/support, e2e/journeys): a type argument on a call
//     (`api<T>(…)`, `call<T>(…)`, `request<T>(…)`) or `as unknown as`;
//   - `.json().data` in a server module whose tests call through the route table (CONVERTED below): such a module
//     stays converted;
//   - in the server's test code, a type argument on a call (`call<T>(…)`: the node tests' `call(node, route, …)`
//     reads `.data()` by the route);
//   - in bench/, a type argument on a call (`get<T>(…)`, `post<T>(…)`, `call<T>(…)`, `must<T>(…)`) or an answer
//     asserted by hand (`as { data: … }`, `as { status: … }`): it reads answers with calls.ts's `dataOf(route, …)`.
//     Its timed requests stay raw (fetch, autocannon, curl); only the reading of their answers is checked here.
// Not checked: the OpenAPI documents the openapi and bad-input tests read (ALLOWED: they are no route's answer, and
// their shape is what those tests examine).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Server modules whose tests read answers through `call` (no `.json().data`); a converted module is added here. */
const CONVERTED = [
  'board',
  'custom-report',
  'group',
  'inspector',
  'notice',
  'release',
  'seal',
  'site',
  'tag',
  'task',
  'trail',
  'user',
];

/** `file: count` of the `json<` reads that are allowed, each an OpenAPI document (/edoc/docs/json, …/protocols/json). */
const ALLOWED = {
  'apps/server/src/test/openapi.test.ts': 2,
  'apps/server/src/test/bad-input.test.ts': 1,
  'apps/server/src/test/bad-input-protocols.test.ts': 1,
};

function walk(dir, out = []) {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.name === 'node_modules') continue;
    if (entry.isDirectory()) walk(full, out);
    else if (/\.tsx?$/.test(entry.name)) out.push(full);
  }
  return out;
}

/**
 * A type argument on a call of one of `names` (`call<{ id: number }>(…)`), not the function's own declaration
 * (`function call<R extends Route>(`) nor an arrow's (`const get = <R>(`, which has no name before its `<`).
 */
const TYPED_CALL = (...names) => new RegExp(`(?<!function )\\b(${names.join('|')})<[^>(]`);

const problems = [];
function scan(file, pattern, why) {
  const rel = path.relative(root, file).split(path.sep).join('/');
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const hits = [];
  lines.forEach((line, i) => {
    if (/^\s*(\/\/|\*)/.test(line)) return;
    if (pattern.test(line)) hits.push(`${rel}:${i + 1}: ${why}: ${line.trim()}`);
  });
  return { rel, hits };
}

const serverTests = walk(path.join(root, 'apps/server/src')).filter(
  (f) => /\.test\.ts$/.test(f) || f.includes(`${path.sep}test${path.sep}`),
);
for (const file of serverTests) {
  const { rel, hits } = scan(
    file,
    /\.json<|json<[A-Za-z{]/,
    'a json<T>() assertion (call the route: .call(route).data)',
  );
  if (hits.length > (ALLOWED[rel] ?? 0)) problems.push(...hits);
  problems.push(...scan(file, TYPED_CALL('call'), 'a call typed by a type argument (pass the route instead)').hits);
}

for (const noun of CONVERTED) {
  for (const file of walk(path.join(root, 'apps/server/src/modules', noun)).filter((f) => f.endsWith('.test.ts'))) {
    problems.push(...scan(file, /\.json\(\)\.data\b/, `untyped .json().data in ${noun}, a converted module`).hits);
  }
}

for (const file of [...walk(path.join(root, 'e2e/support')), ...walk(path.join(root, 'e2e/journeys'))]) {
  problems.push(
    ...scan(file, TYPED_CALL('api', 'call', 'request'), 'a call typed by a type argument (pass the route instead)')
      .hits,
    ...scan(file, /\bas unknown as\b/, 'an `as unknown as` assertion').hits,
  );
}

const benchFiles = walk(path.join(root, 'bench'));
for (const file of benchFiles) {
  problems.push(
    ...scan(file, TYPED_CALL('get', 'post', 'call', 'must'), 'a call typed by a type argument (pass the route; dataOf)')
      .hits,
    ...scan(file, /\bas \{\s*(data|status)\b/, 'an answer asserted by hand (read it with dataOf(route, …))').hits,
  );
}

if (problems.length > 0) {
  console.error(`check-typed-calls: ${problems.length} call(s) not typed by the route table:\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(
  `check-typed-calls: ${serverTests.length} server test files, ${CONVERTED.length} converted modules, e2e, ` +
    `${benchFiles.length} bench files: ok`,
);
