// Netlify answers 202 at once and runs a `*-background` function for up to 15 minutes.
import { HttpError } from './responses.ts';

export const BACKGROUND_UNAVAILABLE =
  'The background job could not be started. Please try again in a minute.';

export type BackgroundRunner = (path: string, body: unknown) => Promise<void>;

const GLOBAL_KEY = Symbol.for('agency.backgroundRunner');
type WithRunner = typeof globalThis & { [GLOBAL_KEY]?: BackgroundRunner };

export function setBackgroundRunner(runner: BackgroundRunner | undefined): void {
  if (runner) (globalThis as WithRunner)[GLOBAL_KEY] = runner;
  else delete (globalThis as WithRunner)[GLOBAL_KEY];
}

export async function startBackgroundFunction(
  req: Request,
  path: string,
  body: unknown,
): Promise<void> {
  const injected = (globalThis as WithRunner)[GLOBAL_KEY];
  if (injected) return injected(path, body);
  const res = await fetch(new URL(path, req.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).catch(() => null);
  if (res?.status !== 202) throw new HttpError(503, BACKGROUND_UNAVAILABLE);
}
