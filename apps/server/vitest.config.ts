import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    // Two files run at once (below): a LibreOffice conversion or the authorisation matrix beside another file's work
    // took past 30 s on a loaded 2-core machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest leaves one core free by default, which on the 2-core CI machine ran the files one at a time; each file
    // has its own database (a clone of the template) and much of its time is spent waiting on PostgreSQL, the
    // processes it starts or LibreOffice, which another file's work fills.
    maxWorkers: availableParallelism(),
    // A worker's files share its loaded modules (the app, drizzle, pg, pdf-lib…): loading them again for each of
    // a hundred files cost several seconds each. Nothing a file keeps at module level is another's: each file has
    // its own database, data folder and app (createTestContext), and no test mocks a module.
    isolate: false,
  },
});
