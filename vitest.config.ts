import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Tests talk only to loopback servers they start themselves.
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores, so a 2-core CI machine runs the files
    // one at a time. Much of the suite waits on child processes and loopback servers, and the two
    // long evaluation files are independent: two workers there took the suite from 508 s to 307 s.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
