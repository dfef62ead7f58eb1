import { getViteConfig } from 'astro/config';
import { configDefaults } from 'vitest/config';
import { PROCESS_TESTS } from './vitest.integration.config';

export default getViteConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'netlify/**/*.test.{ts,mts}', 'scripts/**/*.test.{ts,mjs}'],
    exclude: [...configDefaults.exclude, '**/*.pg.test.ts', ...PROCESS_TESTS],
    environment: 'node',
    // Simulated payments are opt-in (src/server/env.ts); the tests run with them, as dev does.
    env: { SIMULATED_PAYMENTS: '1' },
    testTimeout: 120_000,
    hookTimeout: 60_000,
    // PGlite instances are memory hungry; a few workers keep a 2-core machine responsive.
    maxWorkers: 2,
  },
});
