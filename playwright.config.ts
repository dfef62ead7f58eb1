import { defineConfig, devices } from '@playwright/test';
import { executableOption } from './scripts/lib/browser.ts';

/**
 * The suite runs against the production build served like Netlify (scripts/local-netlify/serve.ts: real
 * per-page CSP and security headers, functions, on-demand pages, in-process database), so
 * `npm run build` must have run first (`npm test` does). E2E_SERVER=dev runs it against
 * `astro dev` instead (no CSP there); E2E_BASE_URL points it at a server you started.
 */
const DEV = process.env.E2E_SERVER === 'dev';
const PORT = Number(process.env.E2E_PORT ?? (DEV ? 4321 : 4500));
const baseURL = process.env.E2E_BASE_URL ?? `http://localhost:${PORT}`;
// The preview server's database listens here (Netlify's local Postgres server), so specs that
// query it (E2E_DATABASE_URL) and `npm run admin:create` (DATABASE_URL) see the same data.
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
  // `astro dev` serves every module unbundled and React's development build: two browsers on a
  // 2-core machine took 10-15 s to hand a cart to checkout (CI, 2026-11-26), one takes 3-5 s.
  workers: DEV ? 1 : 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: DEV ? 20_000 : 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      // CHROME_PATH, else Debian's Chromium, else Playwright's own (scripts/lib/browser.ts).
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
    // Every form on a throttled phone (e2e/phone.spec.ts), each run repeated with the island
    // scripts arriving at another moment. No retries: a race that shows once is a failure.
    {
      name: 'phone',
      use: { ...devices['Pixel 7'] },
      testMatch: /phone\.spec\.ts/,
      repeatEach: Number(process.env.E2E_PHONE_REPEAT ?? 2),
      retries: 0,
      // A page at 6× on a busy 2-core machine takes its time; the runs measure loss, not speed.
      timeout: 120_000,
    },
  ],
  ...(process.env.E2E_BASE_URL ? {} : { webServer }),
});
