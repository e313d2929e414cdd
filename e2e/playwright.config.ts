import { defineConfig, devices } from '@playwright/test';
import chromiumFlags from './support/chromium-flags.json';
import { E2E_BASE_URL, E2E_PORT } from './support/env';

/** Specs that publish a new shell or remote version while they run. */
const GLOBAL_STATE = [/remotes\.spec\.ts/, /update-dialog\.spec\.ts/];

export default defineConfig({
  testDir: './tests',
  // Against a server of E2E_BASE_URL nothing is started or stopped here.
  ...(E2E_BASE_URL
    ? {}
    : { globalSetup: './support/global-setup.ts', globalTeardown: './support/global-teardown.ts' }),
  // One server and one database for the run; tests create their own accounts, so independent spec files run
  // side by side (one per core). Specs that republish the shell or a remote change what every page loads:
  // they run alone, after the others (the `global-state` project).
  workers: 2,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  // On CI the two browsers, the server and PostgreSQL share 2 cores (load average 14 in a run): every page is
  // several times slower than on a quiet machine, so a test gets twice the time there.
  timeout: process.env.CI ? 120_000 : 60_000,
  // A page's first visit to a remote fetches the registry, the remote's manifest, its entry and its chunks one
  // after another; on a loaded 2-core CI runner that alone has taken over 20 s.
  expect: { timeout: process.env.CI ? 45_000 : 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: E2E_BASE_URL ?? `http://localhost:${E2E_PORT}`,
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumFlags },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: GLOBAL_STATE,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    {
      name: 'global-state',
      testMatch: GLOBAL_STATE,
      dependencies: ['chromium'],
      workers: 1,
      fullyParallel: false,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
  ],
});
