import fs from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { createServer, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));
// The API runs separately in development; the same origin serves both in production (DESIGN §2).
const apiProxy = { '/edoc': { target: 'http://127.0.0.1:8080', changeOrigin: true } };

/**
 * Writes a .br and a .gz beside each text file of the build (issue 16): the server sends the one the browser accepts
 * (@fastify/static preCompressed), compressed once at build time instead of per request. Brotli quality 9 is within
 * a tenth of 11's size at a twentieth of its time, which the first start waits for; the scripts every first visit
 * loads before anything shows (the entry and what it imports) take 11, about 8 % fewer bytes on the login page's
 * slow link (issue 30) for a second or two of building.
 */
function precompress(): Plugin {
  let dir = path.join(root, 'dist');
  const first = new Set<string>();
  return {
    name: 'edoc-precompress',
    apply: 'build',
    configResolved(config) {
      // The bench builds into a folder of its own (bench/first-page.ts).
      dir = path.resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle))
        if (chunk.type === 'chunk' && chunk.isEntry) for (const f of [chunk.fileName, ...chunk.imports]) first.add(f);
    },
    closeBundle() {
      for (const file of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
        if (!/\.(m?js|css|html|svg|json)$/.test(file)) continue;
        const full = path.join(dir, file);
        const bytes = fs.readFileSync(full);
        if (bytes.length < 1024) continue;
        const quality = first.has(file.split(path.sep).join('/')) ? 11 : 9;
        const size = { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length };
        fs.writeFileSync(`${full}.br`, brotliCompressSync(bytes, { params: size }));
        fs.writeFileSync(`${full}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

/**
 * The texts the signed-out frames show (login, password, registration, the two-factor step), both languages, as the
 * module `virtual:signed-out-texts` (issue 30): the light entry carries them, a few kB, and draws its form without
 * waiting for a language's whole texts, which come with the signed-in app (lib/i18n.ts). Whole namespaces, or one key.
 */
const SIGNED_OUT_TEXTS = [
  'auth',
  'register',
  'common',
  'fields',
  'totp',
  'sso.failed',
  'sso.or',
  'sso.signInWith',
  'sso.chooseCompany',
  'sso.choicesLoading',
  'sso.noChoices',
  'accessibility.link',
];

function signedOutTexts(): Plugin {
  const id = 'virtual:signed-out-texts';
  const read = (file: string): Record<string, Record<string, unknown>> => JSON.parse(fs.readFileSync(file, 'utf8'));
  return {
    name: 'edoc-signed-out-texts',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load(loaded) {
      if (loaded !== `\0${id}`) return undefined;
      const features = path.join(root, 'src/features');
      const texts: Record<string, Record<string, Record<string, unknown>>> = {};
      for (const lang of ['zh-CN', 'en-US']) {
        const files = [path.join(root, `src/locales/${lang}.json`)].concat(
          fs
            .readdirSync(features)
            .map((f) => path.join(features, f, `locales/${lang}.json`))
            .filter((f) => fs.existsSync(f)),
        );
        const all = Object.assign({}, ...files.map(read));
        files.forEach((f) => this.addWatchFile(f));
        const picked: Record<string, Record<string, unknown>> = {};
        for (const key of SIGNED_OUT_TEXTS) {
          const [namespace, name] = key.split('.');
          picked[namespace] = name ? { ...picked[namespace], [name]: all[namespace][name] } : all[namespace];
        }
        texts[lang] = picked;
      }
      return `export default ${JSON.stringify(texts)};`;
    },
  };
}

/**
 * The login page's antd styles as a stylesheet of the build, linked from index.html (issue 30;
 * src/app/signed-out-styles.tsx says why, and how antd then skips making them). Rendered at the start of the build
 * through Vite's SSR, in production mode only: antd names its styles otherwise in development, where the page would
 * not find them. Not in the one-bundle baseline, which stays the build before issue 16.
 */
function signedOutStyles(): Plugin {
  let ref: string | null = null;
  return {
    name: 'edoc-signed-out-styles',
    apply: 'build',
    async buildStart() {
      if (noSplit || process.env.NODE_ENV !== 'production') return;
      const server = await createServer({
        root,
        configFile: false,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      try {
        const styles = await server.ssrLoadModule('/src/app/signed-out-styles.tsx');
        ref = this.emitFile({ type: 'asset', name: 'signed-out.css', source: styles.signedOutStyles().css });
      } finally {
        await server.close();
      }
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const css =
          ref && ctx.bundle
            ? Object.values(ctx.bundle).find((f) => f.type === 'asset' && f.names.includes('signed-out.css'))
            : null;
        // Before the entry and its stylesheet (the app's own rules), as antd's come first when made at run time.
        return css
          ? html.replace('<script type="module"', `<link rel="stylesheet" crossorigin href="/${css.fileName}">\n    $&`)
          : html;
      },
    },
  };
}

/**
 * EDOC_NO_SPLIT=1 builds the whole app into one script, lazy pages included: the bench's baseline for the first page
 * (bench/first-page.ts), never a build to ship.
 */
const noSplit = process.env.EDOC_NO_SPLIT === '1';

/**
 * The test files whose modules start fresh (test.projects below): each file that replaces a module (vi.mock), which
 * takes only when the module is not loaded yet, and each that types keys through user-event, whose keyboard, once
 * used in a worker, no longer submitted a form on Enter in the next file's document.
 */
const isolatedFiles = fs
  .readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.test\.tsx?$/.test(f))
  .filter((f) =>
    /\bvi\.(do)?[mM]ock\(|\buser\.(keyboard|tab)\(|\{Enter\}/.test(fs.readFileSync(path.join(root, 'src', f), 'utf8')),
  )
  .map((f) => `src/${f}`)
  .concat('src/lib/api-client.test.ts');

export default defineConfig({
  root,
  plugins: [react(), precompress(), signedOutTexts(), signedOutStyles()],
  server: { host: '127.0.0.1', port: 5173, proxy: apiProxy },
  preview: { host: '127.0.0.1', port: 4173, proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The charts (issue 14) and pdf.js, each loaded only by the pages that draw or show them, pass the default size.
    chunkSizeWarningLimit: 1700,
    rollupOptions: {
      onwarn(warning, defaultHandler) {
        // zod ships comments Rollup cannot place; they are harmless and would bury real warnings.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules/zod')) return;
        defaultHandler(warning);
      },
      output: noSplit
        ? { inlineDynamicImports: true }
        : {
            // Everything else is split by use (issue 16): each page's chunk (app/pages.ts) holds its own code and
            // the antd components only it uses; what several pages share goes into chunks Rollup makes for them.
            manualChunks(id) {
              // Vite's own helpers (the preload of lazy chunks) go with what every page loads, never into a lazy chunk.
              if (id.startsWith('\0vite/')) return 'react';
              // React and the router: every page needs them and they change seldom, so they stay cached across releases.
              // The router apart: the login page draws without it (issue 30, app/start.tsx).
              if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
              if (/node_modules\/react-router\//.test(id)) return 'router';
              return undefined;
            },
          },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // A guard against hangs, not a speed limit: the longest tests (the workspace's columns, 12 s alone) passed 20 s on
    // a loaded 2-core machine.
    testTimeout: 40_000,
    // Vitest leaves one core free by default, which on a 2-core machine runs the files one by one;
    // the files are independent jsdom workers, so use every core.
    maxWorkers: availableParallelism(),
    isolate: false,
    // user-event is loaded through Vitest, not Node's own import, so that in an isolated file it too starts fresh.
    server: { deps: { inline: [/@testing-library\/user-event/] } },
    // Most files share their worker's loaded modules (isolate false): antd, React and the app load once per worker
    // instead of once per file; each file still gets a new jsdom window. The suite took 295-380 s instead of 545 s.
    // The files of isolatedFiles get their modules afresh (poolOptions isolate: the worker resets its module cache
    // before each) without the cost of a new worker.
    projects: [
      { extends: true, test: { name: 'shared', include: ['src/**/*.test.{ts,tsx}'], exclude: isolatedFiles } },
      { extends: true, test: { name: 'isolated', include: isolatedFiles, poolOptions: { forks: { isolate: true } } } },
    ],
  },
});
