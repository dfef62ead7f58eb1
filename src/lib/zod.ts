/**
 * zod for code that may run in the browser. Zod 4 probes `new Function` the first time it
 * builds an object schema to decide whether to compile fast parsers; under the site's strict
 * CSP that probe is reported as a violation even though zod catches it. Importing zod from
 * here turns code generation off before any schema exists.
 *
 * Schemas of islands that hydrate on load are wrapped in `onFirstUse`: building them is most of
 * such an island's start-up work on a phone (the onboarding schemas measured ~75 ms at 4× CPU
 * slowdown, zod's own evaluation ~10 ms), and it belongs to the first validation, not to the
 * page load.
 */
import { z } from 'zod';

z.config({ jitless: true });

export * from 'zod';
export { z };

/** A schema that is built on its first use and then reused: call it to get the schema. */
export function onFirstUse<T extends z.ZodType>(build: () => T): () => T {
  let schema: T | undefined;
  return () => (schema ??= build());
}
