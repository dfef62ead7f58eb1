/**
 * zod for server code: the functions' and services' schemas (classic zod, chainable). Browser
 * code imports zod-mini.ts instead, which is much smaller; the shared form schemas are written
 * in it and the server parses with the same ones. Content schemas (src/content, the site
 * settings) use `astro/zod`, Astro's own export, which the editor's build forks
 * (scripts/lib/content-editor.ts). zod-errors.ts alone imports `zod/v4/core` (the error class
 * both flavours throw) and the English locale, for the server's answers.
 * scripts/lib/layering.ts checks these rules.
 *
 * Code generation is turned off before any schema exists: zod 4 probes `new Function` the first
 * time it builds an object schema, and under the site's strict CSP that probe is reported as a
 * violation even though zod catches it.
 */
import { z } from 'zod';

z.config({ jitless: true });

export * from 'zod';
export { z };
