import { getViteConfig } from 'astro/config';
import { configDefaults } from 'vitest/config';
import { PROCESS_TESTS } from './vitest.integration.config';

// Files that replace a module with vi.mock: in a shared module registry the mock could reach the
// next file, or miss modules an earlier file already loaded. Each gets a fresh worker.
const MODULE_MOCKS = [
  // Watches the real argon2 verification through a mocked ./password.
  'src/server/auth/sign-in.test.ts',
  // Counts inflate streams through a mocked node:zlib.
  'src/server/uploads/image-check.test.ts',
  // Records downloads through a mocked shell/api saveFile.
  'src/features/admin/orders/order-exports.store.test.ts',
];

export default getViteConfig({
  test: {
    environment: 'node',
    // Simulated payments are opt-in (src/server/env.ts); the tests run with them, as dev does.
    env: { SIMULATED_PAYMENTS: '1' },
    testTimeout: 120_000,
    hookTimeout: 60_000,
    // PGlite instances are memory hungry; a few workers keep a 2-core machine responsive.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'src/**/*.test.{ts,tsx}',
            'netlify/**/*.test.{ts,mts}',
            'scripts/**/*.test.{ts,mjs}',
          ],
          exclude: [
            ...configDefaults.exclude,
            '**/*.pg.test.ts',
            ...PROCESS_TESTS,
            ...MODULE_MOCKS,
          ],
          // A worker runs file after file with the modules it loaded: starting one per file
          // cost more than most files' tests. What a file leaves in the process is reset after it.
          isolate: false,
          setupFiles: ['src/testing/reset-between-files.ts'],
        },
      },
      { extends: true, test: { name: 'unit (own worker)', include: MODULE_MOCKS } },
    ],
  },
});
