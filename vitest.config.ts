import fs from 'node:fs';
import react from '@vitejs/plugin-react';
import { icuMessages } from './scripts/i18n/vite-plugin';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * Test files under `dir` that mock modules (vi.mock, vi.doMock). Those run isolated: a mock only
 * applies to a module loaded after it, so they need a fresh module registry. Every other file
 * shares its worker's modules with the files before it, which saves loading the server, React
 * and jsdom again for each file (most of the suite's time). Read when vitest starts.
 */
function filesMockingModules(dir: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) found.push(...filesMockingModules(file));
    else if (
      /\.test\.tsx?$/.test(entry.name) &&
      /\bvi\.(mock|doMock)\(/.test(fs.readFileSync(file, 'utf8'))
    )
      found.push(file);
  }
  return found;
}

/** The shared-modules project for `include`, and an isolated one for its files that mock modules. */
function projects(
  name: string,
  dirs: string[],
  include: string[],
  test: TestProjectInlineConfiguration['test'] = {},
): TestProjectInlineConfiguration[] {
  const mocking = dirs.flatMap((dir) => filesMockingModules(dir));
  return [
    {
      extends: true,
      test: {
        ...test,
        name,
        include,
        exclude: [...configDefaults.exclude, ...mocking],
        isolate: false,
      },
    },
    ...(mocking.length > 0
      ? [{ extends: true as const, test: { ...test, name: `${name}-mocks`, include: mocking } }]
      : []),
  ];
}

export default defineConfig({
  plugins: [icuMessages(), react()],
  test: {
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // As in playwright.config.ts: in CI a failed test runs once more, and the log names it as retried.
    retry: process.env.CI ? 1 : 0,
    // PostgreSQL suites each get their own schema, so files can run in parallel.
    fileParallelism: true,
    // Vitest's default leaves one of the two cores idle; the database suites spend much of
    // their time waiting on PostgreSQL, so two workers keep both busy.
    maxWorkers: 2,
    projects: [
      ...projects(
        'server',
        ['contract', 'server', 'scripts'],
        ['contract/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
        // Names this run's PostgreSQL test schemas and drops them at the end.
        { globalSetup: ['tests/support/vitest-global-setup.ts'] },
      ),
      ...projects('web', ['web'], ['web/**/*.test.{ts,tsx}']),
    ],
  },
});
