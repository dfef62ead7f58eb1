/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

/**
 * Tests that start processes of their own: the operator scripts run through tsx as a person runs
 * them, and the local host's servers. `npm test` runs them beside the Postgres suite (each mostly
 * waits on a child), and `npm run test:quick` leaves them to `npm run test:integration`.
 */
export const PROCESS_TESTS = [
  'scripts/admin-create.test.ts',
  'scripts/mail-test.test.ts',
  'scripts/preview-data.test.ts',
  'scripts/privacy.test.ts',
  'scripts/secrets-rotate.test.ts',
  'scripts/stripe-setup.test.ts',
  'scripts/lib/database-choice.test.ts',
  'scripts/local-netlify/database-server.test.ts',
  'scripts/local-netlify/outage.test.ts',
];

export default getViteConfig({
  test: {
    include: PROCESS_TESTS,
    environment: 'node',
    // Simulated payments are opt-in (src/server/env.ts); the tests run with them, as dev does.
    env: { SIMULATED_PAYMENTS: '1' },
    testTimeout: 120_000,
    hookTimeout: 120_000,
    maxWorkers: 1,
  },
});
