/**
 * The endpoints anyone may call in a loop that answer from the database or a provider: each
 * visitor address gets VISITOR_LIMITS[name] requests a window, then 429 with Retry-After;
 * another visitor is not affected.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeDb } from '../../src/server/db/client.ts';
import type { FunctionContext } from '../../src/server/handler.ts';
import { VISITOR_LIMITS } from '../../src/server/rate-limit.ts';
import { jsonPost, routed } from '../../src/testing/requests.ts';
import { useFreshTestDb } from '../../src/testing/test-db';
import billingPortal from '../functions/billing-portal.mts';
import * as downloadFn from '../functions/download.mts';
import * as crmStatusFn from '../functions/gohighlevel-status.mts';
import magicPreview from '../functions/magic-link-preview.mts';
import magicVerify from '../functions/magic-link-verify.mts';
import privacyExport from '../functions/privacy-export.mts';
import privacyRequests from '../functions/privacy-requests.mts';

const ORIGIN = 'http://localhost';
const sameOrigin = { origin: ORIGIN };

// A fixed clock: a slow run must not cross a limit's window between the last allowed request
// and the one past the limit (it then got through: seen once in a full run).
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-02T10:00:30.000Z') });
  await useFreshTestDb();
});
afterAll(async () => {
  vi.useRealTimers();
  await closeDb();
});

type Call = (context: FunctionContext) => Response | Promise<Response>;

const endpoints: [keyof typeof VISITOR_LIMITS, Call][] = [
  [
    'magic-link-preview',
    (c) =>
      magicPreview(jsonPost(`${ORIGIN}/api/auth/magic/preview`, { token: 'x' }, sameOrigin), c),
  ],
  [
    'magic-link-verify',
    (c) => magicVerify(jsonPost(`${ORIGIN}/api/auth/magic`, { token: 'x' }, sameOrigin), c),
  ],
  ['crm-status', (c) => routed(crmStatusFn)(new Request(`${ORIGIN}/api/gohighlevel/status/1`), c)],
  [
    'billing-portal',
    (c) =>
      billingPortal(
        new Request(`${ORIGIN}/api/billing-portal`, { method: 'POST', headers: sameOrigin }),
        c,
      ),
  ],
  ['download', (c) => routed(downloadFn)(new Request(`${ORIGIN}/api/download/1`), c)],
  [
    'privacy-request',
    (c) =>
      privacyRequests(
        jsonPost(`${ORIGIN}/api/privacy/requests`, { kind: 'export' }, sameOrigin),
        c,
      ),
  ],
  ['privacy-export', (c) => privacyExport(new Request(`${ORIGIN}/api/privacy/export`), c)],
];

describe('per-visitor limits', () => {
  endpoints.forEach(([name, call], i) => {
    const { limit } = VISITOR_LIMITS[name];
    it(`${name}: ${limit} requests, then 429 with Retry-After (before: no limit)`, async () => {
      const visitor = { ip: `203.0.113.${i + 1}` };
      for (let n = 0; n < limit; n++) expect((await call(visitor)).status).not.toBe(429);
      const over = await call(visitor);
      expect(over.status).toBe(429);
      expect(over.headers.get('retry-after')).toMatch(/^\d+$/);
      expect((await over.json()).error).toMatch(/^Too many requests/);
      expect((await call({ ip: `198.51.100.${i + 1}` })).status).not.toBe(429);
    });
  });
});
