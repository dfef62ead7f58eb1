/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

// Unit and integration tests live beside the code (src/**/*.test.ts) and in netlify/functions.
export default getViteConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'netlify/**/*.test.{ts,mts}', 'scripts/**/*.test.{ts,mjs}'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 60_000,
    // PGlite instances are memory hungry; a few workers keep a 2-core machine responsive.
    maxWorkers: 2,
  },
});
