// With BENCH_CPU_PROF=<folder>, a bench part can be profiled alone (node:inspector, this process only: the server
// under test runs here, the load generator in its own process). The .cpuprofile opens as a flame graph in Chrome's
// DevTools (Performance → Load profile) or speedscope; the summary printed here says where the time went.
import fs from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
  samples: number[];
  timeDeltas: number[];
}

export async function profiled<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const dir = process.env.BENCH_CPU_PROF;
  if (!dir) return fn();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await fn();
  } finally {
    const { profile } = (await session.post('Profiler.stop')) as { profile: CpuProfile };
    session.disconnect();
    await fs.mkdir(dir, { recursive: true });
    const file = path.join(dir, `${name}.cpuprofile`);
    await fs.writeFile(file, JSON.stringify(profile));
    console.log(`\nprofile of ${name}: ${file}\n${summary(profile)}`);
  }
}

/** Self time by package (node_modules name, edoc folder, Node's internals) and by function, the top of each. */
function summary(p: CpuProfile): string {
  const spent = new Map<number, number>();
  p.samples.forEach((id, i) => spent.set(id, (spent.get(id) ?? 0) + (p.timeDeltas[i] ?? 0)));
  const byPackage = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  for (const node of p.nodes) {
    const us = spent.get(node.id) ?? 0;
    if (!us) continue;
    total += us;
    const { url, functionName, lineNumber } = node.callFrame;
    const where = url.includes('node_modules/')
      ? url.replace(/.*node_modules\/((@[^/]+\/)?[^/]+).*/, '$1')
      : url.startsWith('node:')
        ? 'node'
        : url.includes('/apps/')
          ? `edoc ${url
              .replace(/.*\/apps\//, '')
              .split('/')
              .slice(0, 4)
              .join('/')}`
          : functionName || '(native)';
    byPackage.set(where, (byPackage.get(where) ?? 0) + us);
    const fnKey = `${functionName || '(anonymous)'} ${url.replace(/.*node_modules\//, '').replace(/.*\/apps\//, '')}:${lineNumber + 1}`;
    byFunction.set(fnKey, (byFunction.get(fnKey) ?? 0) + us);
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => `  ${((100 * us) / total).toFixed(1).padStart(5)}%  ${k}`)
      .join('\n');
  return `by package:\n${top(byPackage, 15)}\nby function:\n${top(byFunction, 15)}`;
}
