import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Three files at a time on the 2-core CI machine (Vitest's default is cores − 1: one worker there): a server test
    // spends most of its time waiting on PostgreSQL, child processes, sockets and timers, not on the CPU.
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'scripts/**/*.test.ts'],
          globalSetup: ['src/server/testing/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Password hashes at N=2^12 instead of 2^17 (lib/crypto.ts: only under Vitest); the browser tests keep the real cost.
          env: { SCRYPT_TEST_LOG2_N: '12' },
          pool: 'forks',
          // Each file builds its own app on its own cloned database, so the server files can share a worker's
          // module cache: without isolation the suite no longer re-imports Fastify, Drizzle and the app for each
          // of ~60 files (that import was most of the suite's time in CI).
          isolate: false,
        },
      },
      {
        esbuild: { jsx: 'automatic' },
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['src/client/**/*.test.{ts,tsx}'],
          setupFiles: ['src/client/testing/setup.ts'],
          // jsdom renders slowly when the server files beside it load the 2-core machine (5 s timed out there;
          // Testing Library waits up to 10 s: testing/setup.ts).
          testTimeout: 20_000,
        },
      },
    ],
  },
});
