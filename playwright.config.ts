import { defineConfig, devices } from '@playwright/test';
import { executableOption } from './scripts/lib/browser.ts';

// Runs against the production build served like Netlify, so `npm run build` must have run first.
const DEV = process.env.E2E_SERVER === 'dev';
const PORT = Number(process.env.E2E_PORT ?? (DEV ? 4321 : 4500));
const baseURL = process.env.E2E_BASE_URL ?? `http://localhost:${PORT}`;
// Netlify's local Postgres server: specs and `npm run admin:create` see the same data.
const DB_PORT = PORT + 1000;
if (!DEV && !process.env.E2E_BASE_URL) {
  process.env.E2E_DATABASE_URL ??= `postgres://postgres@localhost:${DB_PORT}/postgres`;
  process.env.DATABASE_URL ??= process.env.E2E_DATABASE_URL;
}

const webServer = {
  command: DEV
    ? `npm run dev -- --port ${PORT}`
    : `node scripts/local-netlify/serve.ts --snapshot --host localhost --port ${PORT} --db-port ${DB_PORT}`,
  url: `${baseURL}/`,
  timeout: 180_000,
  reuseExistingServer: !process.env.CI,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
};

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  // `astro dev` is unbundled: two browsers on a 2-core machine took 10-15 s to reach checkout.
  // The build: two workers left a quarter of two cores idle (tests wait on the server and on
  // the page's own timers); three ran the suite about a minute faster (decision 017).
  workers: DEV ? 1 : 3,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: DEV ? 20_000 : 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL,
    // The DOM, network and console at each step of a failed test, without the screencast: its
    // frames cost the browser about 40 % of its CPU in every test, passing or not.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      ...executableOption(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'] },
      testIgnore: /phone\.spec\.ts/,
    },
    // No retries: a race that shows once is a failure. One pass in `npm test` (each form, visitor
    // and rate gets its own script delay); E2E_PHONE_REPEAT=5 moves hydration through more moments.
    {
      name: 'phone',
      use: { ...devices['Pixel 7'] },
      testMatch: /phone\.spec\.ts/,
      repeatEach: Number(process.env.E2E_PHONE_REPEAT ?? 1),
      retries: 0,
      // A page at 6× on a busy 2-core machine takes its time; the runs measure loss, not speed.
      timeout: 120_000,
    },
  ],
  ...(process.env.E2E_BASE_URL ? {} : { webServer }),
});
