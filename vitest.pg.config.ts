/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

// One worker: every file starts its own PostgreSQL server, and the restart test needs the CPU to
// keep its load going after the database comes back (beside the backup file it starved, once).
export default getViteConfig({
  test: {
    include: ['src/**/*.pg.test.ts', 'scripts/**/*.pg.test.ts'],
    environment: 'node',
    // Simulated payments are opt-in (src/server/env.ts); the tests run with them, as dev does.
    env: { SIMULATED_PAYMENTS: '1' },
    testTimeout: 120_000,
    hookTimeout: 120_000,
    maxWorkers: 1,
  },
});
