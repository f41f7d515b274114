import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));
// The API runs separately in development; the same origin serves both in production (DESIGN §2).
const apiProxy = { '/edoc': { target: 'http://127.0.0.1:8080', changeOrigin: true } };

export default defineConfig({
  root,
  plugins: [react()],
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
