import { defineConfig, devices } from '@playwright/test';
import { chromiumFlags, chromiumPath } from './tests/support/system-chromium';

// The server is started by global-setup on a free port with a fresh data directory.
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: process.env.CANOPY_E2E_URL,
    trace: 'off',
    screenshot: 'only-on-failure',
    // The service worker precaches every screen on a first visit; only the installable-app
    // journey (which allows it) needs that, the others would download it once per test.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumFlags,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
