/**
 * The admin panel as a browser drives its functions, for the function tests of the second
 * factor: a cookie jar of one, the address the requests come from (Netlify's `context.ip`),
 * codes of an authenticator app, and a software passkey (soft-passkey.ts).
 */
import { Secret, TOTP } from 'otpauth';
import { adminRequest } from './admin-seed.ts';
import { routed, type FunctionModule } from './requests.ts';

let visitor = 0;

export type Answer = {
  status: number;
  json: Record<string, unknown>;
  /** The Retry-After of a 429 (undefined otherwise, which toEqual ignores). */
  retryAfter?: string | undefined;
};

/** One browser: its session cookie and its address (a fresh IPv4 one unless given). */
export class AdminBrowser {
  cookie = '';
  ip: string;
  constructor(ip = `192.0.2.${(++visitor % 250) + 1}`) {
    this.ip = ip;
  }

  async call(mod: FunctionModule, method: string, path: string, body?: unknown): Promise<Answer> {
    const res = await routed(mod)(
      adminRequest(method, path, {
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(body !== undefined ? { body } : {}),
      }),
      { ip: this.ip },
    );
    const set = res.headers.get('set-cookie');
    if (set) this.cookie = /Max-Age=0/.test(set) ? '' : set.split(';')[0]!;
    const text = await res.text();
    return {
      status: res.status,
      json: text.startsWith('{') ? JSON.parse(text) : {},
      retryAfter: res.headers.get('retry-after') ?? undefined,
    };
  }
}

/** The authenticator app's code at `at`. */
export const totpCodeAt = (key: string, at = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(key) }).generate({ timestamp: at });

/** `count` six-digit codes that are none of the app's codes from two steps before to two after. */
export function wrongCodes(key: string, count: number, at = Date.now()): string[] {
  const valid = new Set([-2, -1, 0, 1, 2].map((step) => totpCodeAt(key, at + step * 30_000)));
  const codes: string[] = [];
  for (let n = 100_000; codes.length < count; n++) if (!valid.has(String(n))) codes.push(String(n));
  return codes;
}
