import { getViteConfig } from 'astro/config';
import { configDefaults } from 'vitest/config';

// Unit and service tests live beside the code (src/**/*.test.ts); function tests in netlify/tests
// (netlify/tests/README.md); script tests beside the scripts.
export default getViteConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'netlify/**/*.test.{ts,mts}', 'scripts/**/*.test.{ts,mjs}'],
    // The real-Postgres suite has its own run (vitest.pg.config.ts, `npm run test:pg`).
    exclude: [...configDefaults.exclude, '**/*.pg.test.ts'],
    environment: 'node',
    // Simulated payments are opt-in (src/server/env.ts); the tests run with them, as dev does.
    env: { SIMULATED_PAYMENTS: '1' },
    testTimeout: 120_000,
    hookTimeout: 60_000,
    // PGlite instances are memory hungry; a few workers keep a 2-core machine responsive.
    maxWorkers: 2,
  },
});
