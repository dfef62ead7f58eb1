// About 5 KB gzipped instead of about 90 KB for classic zod; jitless for the CSP, as in zod.ts.
import * as z from 'zod/mini';

z.config({ jitless: true });

export { z };
export type { ZodMiniType } from 'zod/mini';

export const isoDate = (message: string) => z.iso.date(message);

export const withDefault = <T extends z.ZodMiniType>(schema: T, value: z.output<T>) =>
  z._default(schema, value as never) as unknown as z.ZodMiniDefault<T>;

export const HONEYPOT_MAX = 500;

export const EMAIL_MAX = 254;

export const requiredText = (min: number, max: number, message: string, tooLong: string) =>
  z
    .string({ error: message })
    .check(z.trim(), z.minLength(min, message), z.maxLength(max, tooLong));

export const emailAddress = (message: string, tooLong = message) =>
  z.pipe(
    z.string({ error: message }).check(z.trim(), z.maxLength(EMAIL_MAX, tooLong)),
    z.email(message),
  );

export const optionalText = (max: number, label: string) =>
  z.pipe(
    z.nullish(
      z
        .string({ error: `${label} must be text` })
        .check(z.trim(), z.maxLength(max, `${label} must be at most ${max} characters`)),
    ),
    z.transform((v) => v ?? ''),
  );

// Building a schema is most of an island's start-up work on a phone (~75 ms at 4× CPU slowdown for
// onboarding): it belongs to the first validation, not the load.
export function onFirstUse<T>(build: () => T): () => T {
  let schema: T | undefined;
  return () => (schema ??= build());
}
