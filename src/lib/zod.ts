/**
 * zod for code that may run in the browser. Zod 4 probes `new Function` the first time it
 * builds an object schema to decide whether to compile fast parsers; under the site's strict
 * CSP that probe is reported as a violation even though zod catches it. Importing zod from
 * here turns code generation off before any schema exists.
 *
 * Form islands use `zod/mini` instead (zod-mini.ts), which is much smaller in the browser.
 */
import { z } from 'zod';

z.config({ jitless: true });

export * from 'zod';
export { z };
