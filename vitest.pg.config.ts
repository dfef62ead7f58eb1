/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

// Every file starts its own PostgreSQL server (a folder and a port of its own); two files run at
// once, as the slow ones (backups, restarts under load) mostly wait on their server.
export default getViteConfig({
  test: {
    include: ['src/**/*.pg.test.ts', 'scripts/**/*.pg.test.ts'],
    environment: 'node',
    // Simulated payments are opt-in (src/server/env.ts); the tests run with them, as dev does.
    env: { SIMULATED_PAYMENTS: '1' },
    testTimeout: 120_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
  },
});
