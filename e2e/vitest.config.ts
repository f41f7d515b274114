import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['journeys/**/*.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 90_000,
    // expect.poll waits 1 s by default: a page on a loaded 2-core machine takes longer to show a server's answer.
    expect: { poll: { timeout: 30_000, interval: 100 } },
    hookTimeout: 180_000,
    // Each journey makes its own world (support/world.ts) and reads its own verification codes by id
    // (support/sign-in.ts), so two run side by side on the one server and browser: much of a journey's time is
    // spent waiting on the server, the database or a page, which the other one uses.
    fileParallelism: true,
    maxWorkers: 2,
    minWorkers: 1,
    // A worker's files share its loaded modules (Playwright, pg, the contract): nothing a journey keeps at module
    // level is another's, and loading them again for every file cost seconds each.
    isolate: false,
  },
});
