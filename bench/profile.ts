// With BENCH_CPU_PROF=<folder>, a bench part can be profiled alone (node:inspector, this process only: the server
// under test runs here, the load generator in its own process). The .cpuprofile opens as a flame graph in Chrome's
// DevTools (Performance → Load profile) or speedscope; the summary printed here says where the time went.
// With BENCH_HEAP_PROF=<folder>, what the part allocated that lived long enough to reach V8's old generation (the
// sampling heap profiler keeping objects a full collection took, dropping those a young one took): what grows the
// heap between full collections. The .heapprofile opens in DevTools (Memory → Load).
import fs from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
  samples: number[];
  timeDeltas: number[];
}

export async function profiled<T>(name: string, fn: () => Promise<T>): Promise<T> {
  if (process.env.BENCH_HEAP_PROF) return heapProfiled(process.env.BENCH_HEAP_PROF, name, fn);
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

interface HeapNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: HeapNode[];
}

async function heapProfiled<T>(dir: string, name: string, fn: () => Promise<T>): Promise<T> {
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.enable');
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 16384,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: false,
  });
  try {
    return await fn();
  } finally {
    const { profile } = (await session.post('HeapProfiler.stopSampling')) as { profile: { head: HeapNode } };
    session.disconnect();
    await fs.mkdir(dir, { recursive: true });
    const file = path.join(dir, `${name}.heapprofile`);
    await fs.writeFile(file, JSON.stringify(profile));
    const byFunction = new Map<string, number>();
    const byStack = new Map<string, number>();
    let total = 0;
    const frame = (n: HeapNode) =>
      `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/.*node_modules\//, '').replace(/.*\/apps\//, '')}:${n.callFrame.lineNumber + 1}`;
    const walk = (n: HeapNode, stack: string[]) => {
      const here = [...stack, frame(n)];
      if (n.selfSize) {
        total += n.selfSize;
        byFunction.set(frame(n), (byFunction.get(frame(n)) ?? 0) + n.selfSize);
        // The nearest frames of edoc's own code say which of its calls allocated it.
        const own = here
          .filter((f) => f.includes('server/src/') || f.includes('bench/'))
          .slice(-2)
          .join(' < ');
        byStack.set(own, (byStack.get(own) ?? 0) + n.selfSize);
      }
      for (const c of n.children) walk(c, here);
    };
    walk(profile.head, []);
    const top = (m: Map<string, number>) =>
      [...m]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 20)
        .map(([k, b]) => `  ${(b / 1024 / 1024).toFixed(1).padStart(7)} MB  ${k}`)
        .join('\n');
    console.log(
      `\nheap profile of ${name}: ${file}, ${(total / 1024 / 1024).toFixed(0)} MB reached the old generation or stayed\nby function:\n${top(byFunction)}\nby its last 4 frames:\n${top(byStack)}`,
    );
  }
}
