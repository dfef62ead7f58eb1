import { defineConfig, devices } from '@playwright/test';

/**
 * E2E_SERVER=preview runs the suite against the production build served like Netlify
 * (scripts/serve.ts: real per-page CSP and security headers, functions, on-demand pages);
 * build first (`npm run build`), or set E2E_BUILD=1 to build here. Otherwise `astro dev`.
 */
const PREVIEW = process.env.E2E_SERVER === 'preview';
const PORT = Number(process.env.E2E_PORT ?? (PREVIEW ? 4500 : 4321));
const baseURL = process.env.E2E_BASE_URL ?? `http://localhost:${PORT}`;
const BUILD = process.env.E2E_BUILD ? 'flock /tmp/astro-build.lock npm run build && ' : '';

/**
 * End-to-end tests drive Debian's Chromium (Playwright's own browser download is not
 * available here); CHROME_PATH overrides the binary.
 */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
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
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        command: PREVIEW
          ? `${BUILD}npx tsx scripts/serve.ts --snapshot --host localhost --port ${PORT}`
          : `npm run dev -- --port ${PORT}`,
        url: `${baseURL}/`,
        timeout: 180_000,
        reuseExistingServer: !process.env.CI,
        stdout: 'ignore',
        stderr: 'pipe',
      },
});
