/**
 * `zod/mini` for islands that must stay small (about 5 KB gzipped instead of about 90 KB for
 * classic zod): the admin panel and the schemas it shares with the server. As in zod.ts, code
 * generation is turned off before any schema exists (the strict CSP would report the probe).
 */
import * as z from 'zod/mini';

z.config({ jitless: true });

export { z };

/** A real calendar date, YYYY-MM-DD (2026-02-30 is refused). */
export const isoDate = (message: string) => z.iso.date(message);

/** `schema` with a default for a missing value (zod/mini's `_default`, typed for our use). */
export const withDefault = <T extends z.ZodMiniType>(schema: T, value: z.output<T>) =>
  z._default(schema, value as never) as unknown as z.ZodMiniDefault<T>;
