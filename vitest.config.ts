import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // PostgreSQL suites each get their own schema, so files can run in parallel.
    fileParallelism: true,
    // Vitest's default leaves one of the two cores idle; the database suites spend much of
    // their time waiting on PostgreSQL, so two workers keep both busy.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['contract/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
          // Each worker loads the server's modules once for all its files, instead of once per
          // file: the suites share no module state but write counters, and mocks are restored
          // after every file.
          isolate: false,
          // Names this run's PostgreSQL test schemas and drops them at the end.
          globalSetup: ['tests/support/vitest-global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['web/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
});
