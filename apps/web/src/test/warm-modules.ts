import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * Transforms every module of the app and the contract once, before the workers start (a global set-up).
 *
 * Why: in 2 of 6 CI runs one worker's first request for a module (always one of components/folder-tree, which the
 * workspace and library pages both import) had no answer within Vitest's fixed 60 s, while the other worker, asking
 * for the same modules at the same moment, was answered; with `isolate: false` the failed import then failed every
 * later file of that worker. With every module already transformed and cached in the main process, a worker's
 * request is a cache read, never a transform raced by two workers. It costs about 2 s per project.
 */
export default async function warmModules(project: TestProject): Promise<void> {
  // Vitest 3's own module server (the one the workers' "fetch" calls reach); it is not in the public types.
  const server = (project as unknown as { vitenode?: { fetchModule(id: string, mode: 'web'): Promise<unknown> } })
    .vitenode;
  if (!server) return;
  const web = path.resolve(project.config.root, 'src');
  const contract = path.resolve(project.config.root, '../../packages/contract/src');
  const files = [web, contract].flatMap((dir) =>
    fs
      .readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
      .map((f) => path.join(dir, f)),
  );
  // Eight at a time (584 modules in about 2 s). A module that fails to transform fails again, with its error, in the
  // test that imports it.
  for (let i = 0; i < files.length; i += 8) {
    await Promise.all(files.slice(i, i + 8).map((f) => server.fetchModule(f, 'web').catch(() => undefined)));
  }
}
