import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, SKIPPED } from './discovery.ts';
import { setUpFixtures } from './fixtures.ts';
import { BASE_SEED, ROUTE_TIME_LIMIT_MS, fuzzRoute, tearDown } from './run.ts';
import { routes } from './routes.ts';

/** The tests of every `of`-th route from the `share`-th: one file's share of the fuzz. */
export function describeFuzz({ share, of }: { share: number; of: number }): void {
  beforeAll(setUpFixtures);
  afterAll(tearDown);

  describe('fuzz: never a 5xx', () => {
    if (share === 0)
      it('finds the functions on disk and skips only those without an HTTP path', () => {
        expect(ENDPOINTS.length).toBeGreaterThan(10);
        for (const { file, mod } of SKIPPED) {
          expect(
            mod.config?.schedule,
            `${file} has no path and no schedule: how is it reached?`,
          ).toBeTruthy();
        }
      });

    for (const ep of ENDPOINTS.filter((_, index) => index % of === share)) {
      it(
        `${ep.label} [${ep.methods.join(',')}]`,
        async () => {
          const { seed, violations } = await fuzzRoute(ep, routes);
          expect(
            violations,
            `Fuzz of ${ep.label} (route seed ${seed}, base FUZZ_SEED=${BASE_SEED})`,
          ).toEqual([]);
        },
        ROUTE_TIME_LIMIT_MS + 60_000,
      );
    }
  });
}
