import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['journeys/**/*.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 90_000,
    // expect.poll waits 1 s by default: a page on a loaded 2-core machine takes longer to show a server's answer.
    expect: { poll: { timeout: 30_000, interval: 100 } },
    hookTimeout: 180_000,
    // Each journey makes its own world (support/world.ts), so they run in any order; but one at a time: a login
    // page's verification code is read as the newest one the server issued (support/sign-in.ts), and the 2-core CI
    // machine has no room for two browsers' pages at once.
    fileParallelism: false,
    // The files share one worker and its loaded modules (Playwright, pg, the contract): nothing a journey keeps at
    // module level is another's (each connects its own browser, makes its own world), and loading them again for
    // every file cost seconds each.
    isolate: false,
  },
});
