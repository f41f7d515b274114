import fs from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));
// The API runs separately in development; the same origin serves both in production (DESIGN §2).
const apiProxy = { '/edoc': { target: 'http://127.0.0.1:8080', changeOrigin: true } };

/**
 * Writes a .br and a .gz beside each text file of the build (issue 16): the server sends the one the browser accepts
 * (@fastify/static preCompressed), compressed once at build time instead of per request. Brotli quality 9 is within
 * a tenth of 11's size at a twentieth of its time, which the first start waits for.
 */
function precompress(): Plugin {
  return {
    name: 'edoc-precompress',
    apply: 'build',
    closeBundle() {
      const dir = path.join(root, 'dist');
      for (const file of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
        if (!/\.(m?js|css|html|svg|json)$/.test(file)) continue;
        const full = path.join(dir, file);
        const bytes = fs.readFileSync(full);
        if (bytes.length < 1024) continue;
        const size = { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length };
        fs.writeFileSync(`${full}.br`, brotliCompressSync(bytes, { params: size }));
        fs.writeFileSync(`${full}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  root,
  plugins: [react(), precompress()],
  server: { host: '127.0.0.1', port: 5173, proxy: apiProxy },
  preview: { host: '127.0.0.1', port: 4173, proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // antd alone is larger than Rollup's default warning size; it is split into its own cached chunk instead.
    chunkSizeWarningLimit: 1600,
    rollupOptions: {
      onwarn(warning, defaultHandler) {
        // zod ships comments Rollup cannot place; they are harmless and would bury real warnings.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules/zod')) return;
        defaultHandler(warning);
      },
      output: {
        manualChunks(id) {
          // Vite's own helpers (the preload of lazy chunks) go with what every page loads, never into a lazy chunk.
          if (id.startsWith('\0vite/')) return 'vendor';
          if (!id.includes('node_modules')) return undefined;
          // Only the viewer needs pdf.js: its own chunk keeps it off every other page.
          if (id.includes('node_modules/pdfjs-dist/')) return 'pdfjs';
          // Only report pages draw charts (issue 14): the charting library stays out of the chunks every page loads.
          if (/node_modules\/(@ant-design\/(plots|charts-util)|@antv|d3-[^/]+|fmin|gl-matrix|pdfast)\//.test(id))
            return 'charts';
          if (/node_modules\/(react|react-dom|react-router|scheduler)\//.test(id)) return 'react';
          if (/node_modules\/(antd|@ant-design|@rc-component|rc-[^/]+)\//.test(id)) return 'antd';
          return 'vendor';
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    testTimeout: 20000,
    // Vitest leaves one core free by default, which on a 2-core machine runs the files one by one;
    // the files are independent jsdom workers, so use every core.
    maxWorkers: availableParallelism(),
  },
});
