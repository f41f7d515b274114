// Issue 30 part 4, BENCH_INTERACTION_TRACE=<folder>: one action of the interaction bench (interaction.ts) under a
// Chromium trace and CPU profile, written to files, and where its time went printed: the requests from the click,
// the main thread's time by phase and its long tasks.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { Action, Sample } from './interaction.ts';

/** What a trace holds of the page's work: DevTools' timeline, frames, user timing marks, script execution. */
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'toplevel',
  'blink.user_timing',
  'v8.execute',
  'loading',
];

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { type?: string } };
}

/** DevTools' groups of the main thread's work, by the trace event's name. */
function phaseOf(name: string): string {
  if (/GC|Sweep|Marking|Scavenge/i.test(name)) return 'gc';
  if (/^(UpdateLayoutTree|RecalculateStyles|ParseAuthorStyleSheet|ScheduleStyleRecalculation)$/.test(name))
    return 'style';
  if (/^(Layout|UpdateLayout|HitTest|LayoutShift|IntersectionObserverController::computeIntersections)$/.test(name))
    return 'layout';
  if (/Paint|Layerize|UpdateLayerTree|Commit|Composite|Raster|Decode/.test(name)) return 'paint';
  if (/^(RunTask|ThreadControllerImpl::RunTask|ThreadController::Task)$/.test(name)) return 'other';
  return 'scripting';
}

/**
 * Where the main thread's time went from the click (its dispatch) to the frame that showed the answer (the
 * `edoc-seen` mark): each event's self time clipped to that window, summed by phase, and its long tasks in order.
 */
function timeline(trace: { traceEvents: TraceEvent[] }, kind: 'click' | 'keydown') {
  const events = trace.traceEvents;
  const seen = events.find((e) => e.name === 'edoc-seen');
  if (!seen) return null;
  const thread = events.filter((e) => e.pid === seen.pid && e.tid === seen.tid).sort((a, b) => a.ts - b.ts);
  const end = seen.ts;
  const start =
    thread
      .filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === kind && e.ts < end)
      .map((e) => e.ts)
      .at(-1) ?? end;
  // Begin/end pairs as complete events, then each event nested in the one that encloses it.
  const open: TraceEvent[] = [];
  const spans: Array<{ name: string; ts: number; end: number; type?: string }> = [];
  for (const e of thread) {
    if (e.ph === 'X') spans.push({ name: e.name, ts: e.ts, end: e.ts + (e.dur ?? 0), type: e.args?.data?.type });
    else if (e.ph === 'B') open.push(e);
    else if (e.ph === 'E') {
      const at = open.findLastIndex((b) => b.name === e.name);
      if (at >= 0) spans.push({ name: e.name, ts: open[at].ts, end: e.ts });
      if (at >= 0) open.splice(at, 1);
    }
  }
  spans.sort((a, b) => a.ts - b.ts || b.end - a.end);
  const clip = (s: { ts: number; end: number }) => Math.max(0, Math.min(s.end, end) - Math.max(s.ts, start));
  const phases: Record<string, number> = {};
  const tasks: Array<{ at: number; ms: number; what: string }> = [];
  const stack: Array<{ name: string; end: number; self: number }> = [];
  const close = (upTo: number) => {
    while (stack.length && stack[stack.length - 1].end <= upTo) {
      const done = stack.pop()!;
      phases[phaseOf(done.name)] = (phases[phaseOf(done.name)] ?? 0) + done.self;
    }
  };
  let task: { what: string; ms: number } | null = null;
  for (const s of spans) {
    close(s.ts);
    const ms = clip(s);
    if (stack.length) stack[stack.length - 1].self -= ms;
    else {
      task = ms > 0 ? { what: '', ms: 0 } : null;
      if (ms > 0) tasks.push({ at: (Math.max(s.ts, start) - start) / 1000, ms: ms / 1000, what: '' });
    }
    // A task is named by its largest direct child (a click, a timer, a frame, a response).
    if (stack.length === 1 && task && ms > task.ms) {
      task.ms = ms;
      tasks[tasks.length - 1].what = s.type ? `${s.name}:${s.type}` : s.name;
    }
    stack.push({ name: s.name, end: s.end, self: ms });
  }
  close(Infinity);
  const busy = Object.values(phases).reduce((a, b) => a + b, 0);
  return {
    windowMs: (end - start) / 1000,
    phases: Object.fromEntries(
      Object.entries({ ...phases, idle: end - start - busy }).map(([k, v]) => [k, Math.round(v / 100) / 10]),
    ),
    tasks: tasks.filter((t) => t.ms >= 3),
  };
}

/** One action traced (Chromium trace and CPU profile, written to `file`.*), where its time went printed. */
export async function traced(
  browser: Browser,
  page: Page,
  file: string,
  action: Action,
  measure: () => Promise<Sample>,
) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await page.evaluate(() => {
    globalThis.edocTracing = true;
    performance.clearMarks('edoc-seen');
  });
  await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  await cdp.send('Profiler.start');
  const sample = await measure();
  const { profile } = await cdp.send('Profiler.stop');
  const trace = await browser.stopTracing();
  await page.evaluate(() => (globalThis.edocTracing = false));
  await cdp.detach();
  fs.writeFileSync(`${file}.json`, trace);
  fs.writeFileSync(`${file}.cpuprofile`, JSON.stringify(profile));
  fs.writeFileSync(`${file}.requests.json`, JSON.stringify(sample, null, 1));
  const t = timeline(
    JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] },
    action === 'search' ? 'keydown' : 'click',
  );
  const ms = (x: number) => x.toFixed(0);
  console.log(`  ${action}: click to paint ${ms(sample.ms)} ms (traced), ${path.basename(file)}.*`);
  for (const r of sample.requests) console.log(`    request ${ms(r.start)}–${ms(r.end)} ms ${r.name.slice(0, 110)}`);
  if (t) {
    console.log(
      `    main thread from the click's dispatch to the frame (${ms(t.windowMs)} ms): ${JSON.stringify(t.phases)}`,
    );
    for (const x of t.tasks) console.log(`    task at ${ms(x.at)} ms, ${ms(x.ms)} ms: ${x.what}`);
  }
  return sample;
}
