import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/** Journeys build on each other (the administrator's password, the companies made): run them in name order. */
class ByName extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    return [...files].sort((a, b) => a.moduleId.localeCompare(b.moduleId));
  }
}

export default defineConfig({
  test: {
    include: ['journeys/**/*.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 90_000,
    // expect.poll waits 1 s by default: a page on a loaded 2-core machine takes longer to show a server's answer.
    expect: { poll: { timeout: 30_000, interval: 100 } },
    hookTimeout: 180_000,
    // One server and one browser at a time: the journeys share the seeded administrator.
    fileParallelism: false,
    sequence: { sequencer: ByName },
  },
});
