import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['journeys/**/*.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 180_000,
    // One server and one browser at a time: the journeys share the seeded administrator.
    fileParallelism: false,
  },
});
