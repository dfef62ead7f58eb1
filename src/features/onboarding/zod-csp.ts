/**
 * Zod 4 probes `new Function` the first time an object schema is built, to decide whether it
 * may compile fast parsers. Under the site's strict CSP that probe is reported as a
 * violation (even though zod catches it), so the browser modules that build schemas import
 * this first and run zod without code generation.
 */
import { z } from 'zod';

z.config({ jitless: true });
