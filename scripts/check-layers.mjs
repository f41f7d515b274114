// The layer order (README "Layers"), checked by `npm run lint`. Server:
//   contract → core (config, db, lib, storage, jobs, mail, convert, plugins, trail) → access → modules/<noun> → app
// Web: config, lib, locales, components → features/<noun> → app (pages composing features).
// A file may import its own layer and those before it; no two units (a core folder, access, each module or feature)
// import each other, directly or round a longer cycle; a policy file decides and never writes. Tests and test
// support (*.test.ts(x), src/test/) may import anything. Exits non-zero naming each offending import.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const TREES = [
  {
    name: 'server',
    src: path.join(root, 'apps/server/src'),
    features: 'modules',
    layers: [
      ['config.ts', 'db', 'lib', 'storage', 'jobs', 'mail', 'convert', 'plugins', 'trail'],
      ['access'],
      ['modules'],
      ['app.ts', 'main.ts', 'runtime.ts', 'seed.ts', 'cli', 'backup'],
    ],
  },
  {
    name: 'web',
    src: path.join(root, 'apps/web/src'),
    features: 'features',
    layers: [['config', 'lib', 'locales', 'components', 'styles.css'], ['features'], ['app', 'main.tsx']],
  },
];

function walk(dir, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (/\.tsx?$/.test(entry.name)) out.push(full);
  }
  return out;
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s+'(\.{1,2}\/[^']+)'|import\('(\.{1,2}\/[^']+)'\)/g;
const WRITE = /\.(insert|update|delete)\(|recordTrail\(|\bsql`\s*(insert|update|delete)\b/i;

const problems = [];
const edges = new Map();
for (const { name, src, features, layers } of TREES) {
  const layerOf = (unit) => layers.findIndex((names) => names.includes(unit.split('/')[0]));
  /** The unit a file belongs to: `<features>/<noun>` for a feature, else its first folder (or the root file). */
  const unitOf = (file) => {
    const parts = path.relative(src, file).split(path.sep);
    return parts[0] === features ? `${features}/${parts[1]}` : parts[0];
  };
  const isTestOnly = (file) => /\.test\.tsx?$/.test(file) || unitOf(file) === 'test';
  for (const file of walk(src).filter((f) => !isTestOnly(f))) {
    const text = fs.readFileSync(file, 'utf8');
    const from = unitOf(file);
    const rel = path.relative(root, file);
    if (layerOf(from) < 0) problems.push(`${rel}: ${from} belongs to no layer (add it to scripts/check-layers.mjs)`);
    if (file.endsWith('.policy.ts') && WRITE.test(text))
      problems.push(`${rel}: a policy writes (policies decide only)`);
    for (const m of text.matchAll(IMPORT)) {
      const target = path.resolve(path.dirname(file), m[1] ?? m[2]);
      if (!target.startsWith(src)) continue;
      const to = unitOf(target);
      if (to === from) continue;
      if (to === 'test') problems.push(`${rel}: imports test support ${m[1] ?? m[2]}`);
      else if (layerOf(to) > layerOf(from))
        problems.push(`${rel}: ${from} imports ${to}, a layer above it (${m[1] ?? m[2]})`);
      const [a, b] = [`${name}:${from}`, `${name}:${to}`];
      if (!edges.has(a)) edges.set(a, new Map());
      if (!edges.get(a).has(b)) edges.get(a).set(b, rel);
    }
  }
}

// Cycles between units: strongly connected components (Tarjan) of more than one unit.
let index = 0;
const stack = [];
const state = new Map();
function connect(v) {
  state.set(v, { index, low: index, onStack: true });
  index++;
  stack.push(v);
  for (const w of edges.get(v)?.keys() ?? []) {
    if (!state.has(w)) {
      connect(w);
      state.get(v).low = Math.min(state.get(v).low, state.get(w).low);
    } else if (state.get(w).onStack) state.get(v).low = Math.min(state.get(v).low, state.get(w).index);
  }
  if (state.get(v).low !== state.get(v).index) return;
  const component = [];
  let w;
  do {
    w = stack.pop();
    state.get(w).onStack = false;
    component.push(w);
  } while (w !== v);
  if (component.length < 2) return;
  const inside = new Set(component);
  const links = component.flatMap((a) =>
    [...(edges.get(a) ?? [])].filter(([b]) => inside.has(b)).map(([b, file]) => `    ${a} → ${b} (${file})`),
  );
  problems.push(`a cycle between ${component.sort().join(', ')}:\n${links.join('\n')}`);
}
for (const v of edges.keys()) if (!state.has(v)) connect(v);

if (problems.length) {
  console.error(`check-layers: ${problems.length} problem(s)\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`check-layers: ${edges.size} units, layers respected, no cycles`);
