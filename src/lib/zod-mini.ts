/**
 * `zod/mini` for islands that must stay small (about 5 KB gzipped instead of about 90 KB for
 * classic zod): the admin panel and the schemas it shares with the server. As in zod.ts, code
 * generation is turned off before any schema exists (the strict CSP would report the probe).
 */
import * as z from 'zod/mini';

z.config({ jitless: true });

export { z };
export type { ZodMiniType } from 'zod/mini';

/** A real calendar date, YYYY-MM-DD (2026-02-30 is refused). */
export const isoDate = (message: string) => z.iso.date(message);

/** `schema` with a default for a missing value (zod/mini's `_default`, typed for our use). */
export const withDefault = <T extends z.ZodMiniType>(schema: T, value: z.output<T>) =>
  z._default(schema, value as never) as unknown as z.ZodMiniDefault<T>;

/** Longest value accepted in a form's honeypot field (see src/features/contact/contact.ts). */
export const HONEYPOT_MAX = 500;

/** Longest e-mail address accepted anywhere (RFC 5321's path limit). */
export const EMAIL_MAX = 254;

/** A required text, trimmed, of `min`–`max` characters; `message` also for a missing value. */
export const requiredText = (min: number, max: number, message: string, tooLong: string) =>
  z
    .string({ error: message })
    .check(z.trim(), z.minLength(min, message), z.maxLength(max, tooLong));

/** An e-mail address, trimmed; `message` for anything but a valid one under EMAIL_MAX. */
export const emailAddress = (message: string, tooLong = message) =>
  z.pipe(
    z.string({ error: message }).check(z.trim(), z.maxLength(EMAIL_MAX, tooLong)),
    z.email(message),
  );

/** An optional free-text field: missing or null becomes '', always trimmed and bounded. */
export const optionalText = (max: number, label: string) =>
  z.pipe(
    z.nullish(
      z
        .string({ error: `${label} must be text` })
        .check(z.trim(), z.maxLength(max, `${label} must be at most ${max} characters`)),
    ),
    z.transform((v) => v ?? ''),
  );

/**
 * A schema that is built on its first use and then reused: call it to get the schema.
 * Building them is most of an island's start-up work on a phone (the onboarding schemas
 * measured ~75 ms at 4× CPU slowdown), and it belongs to the first validation, not the load.
 */
export function onFirstUse<T>(build: () => T): () => T {
  let schema: T | undefined;
  return () => (schema ??= build());
}
