/**
 * Every /api/admin/* function, found by reading netlify/functions: each route and method
 * answers 401 without a session (`me` says `{ user: null }`) and 200 with one. A new admin-*.mts file (or a new path or
 * method in its config) fails this test until it gets a case below.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { listFunction } from '@netlify/zip-it-and-ship-it';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, type Db } from '../../src/server/db/client.ts';
import { useFreshTestDb } from '../../src/testing/test-db';
import {
  TEST_PASSWORD,
  adminRequest,
  seedAdminLists,
  seedContact,
  seedEmail,
  seedMeeting,
} from '../../src/testing/admin-seed.ts';
import { routed, type FunctionModule } from '../../src/testing/requests.ts';
import { memoryLogoStore, setLogoStore } from '../../src/server/uploads/logo.ts';
import { setBackgroundRunner } from '../../src/server/background.ts';
import { memoryExportStore, setExportStore } from '../../src/server/exports/export-files.ts';

/** One call of a route: `pattern` names the config path it exercises. */
type Case = {
  pattern: string;
  method: string;
  path: () => Promise<string> | string;
  body?: () => unknown;
  /** For login, "without a session" means without valid credentials. */
  login?: true;
  /** "Who is signed in" answers signed-out visitors with 200 and this body instead of a 401. */
  signedOut?: unknown;
  /** What a signed-in call answers when not 200 (a ceremony step without its earlier step). */
  signedIn?: number;
};

const FUNCTIONS_DIR = path.resolve('netlify/functions');
let db: Db;
let admin: Awaited<ReturnType<typeof seedAdminLists>>['admin'];

beforeAll(async () => {
  delete process.env.SMTP_URL;
  setLogoStore(memoryLogoStore());
  setExportStore(memoryExportStore());
  setBackgroundRunner(async () => {});
  db = await useFreshTestDb();
  ({ admin } = await seedAdminLists(db, 'route.tester'));
});
afterAll(async () => {
  setLogoStore(undefined);
  setExportStore(undefined);
  setBackgroundRunner(undefined);
  await closeDb();
});

const CASES: Record<string, Case[]> = {
  'admin-login.mts': [
    {
      pattern: '/api/admin/login',
      method: 'POST',
      path: () => '/api/admin/login',
      body: () => ({ username: 'route.tester', password: TEST_PASSWORD }),
      login: true,
    },
  ],
  'admin-logout.mts': [
    { pattern: '/api/admin/logout', method: 'POST', path: () => '/api/admin/logout' },
    {
      pattern: '/api/admin/logout/others',
      method: 'POST',
      path: () => '/api/admin/logout/others',
    },
  ],
  'admin-security-log.mts': [
    {
      pattern: '/api/admin/security-log',
      method: 'GET',
      path: () => '/api/admin/security-log?status=admin.password-accepted&q=route',
    },
    {
      pattern: '/api/admin/security-log',
      method: 'GET',
      path: () => '/api/admin/security-log?format=csv',
    },
  ],
  'admin-me.mts': [
    {
      pattern: '/api/admin/me',
      method: 'GET',
      path: () => '/api/admin/me',
      signedOut: { user: null },
    },
  ],
  'admin-overview.mts': [
    { pattern: '/api/admin/overview', method: 'GET', path: () => '/api/admin/overview' },
  ],
  'admin-orders.mts': [
    {
      pattern: '/api/admin/orders',
      method: 'GET',
      path: () => '/api/admin/orders?q=starter&status=paid',
    },
    { pattern: '/api/admin/orders', method: 'GET', path: () => '/api/admin/orders?format=csv' },
  ],
  'admin-order-exports.mts': [
    {
      pattern: '/api/admin/order-exports',
      method: 'POST',
      path: () => '/api/admin/order-exports?status=paid',
      signedIn: 202,
    },
    {
      pattern: '/api/admin/order-exports/:id',
      method: 'GET',
      path: () => '/api/admin/order-exports/AAAAAAAAAAAAAAAAAAAAAAAA',
      signedIn: 404,
    },
    {
      pattern: '/api/admin/order-exports/:id/parts/:part',
      method: 'GET',
      path: () => '/api/admin/order-exports/AAAAAAAAAAAAAAAAAAAAAAAA/parts/0',
      signedIn: 404,
    },
  ],
  'admin-contact-messages.mts': [
    {
      pattern: '/api/admin/contact-messages',
      method: 'GET',
      path: () => '/api/admin/contact-messages',
    },
    {
      pattern: '/api/admin/contact-messages/:id',
      method: 'PATCH',
      path: async () => `/api/admin/contact-messages/${(await seedContact(db)).id}`,
      body: () => ({ status: 'handled' }),
    },
  ],
  'admin-meeting-requests.mts': [
    {
      pattern: '/api/admin/meeting-requests',
      method: 'GET',
      path: () => '/api/admin/meeting-requests?format=csv',
    },
    {
      pattern: '/api/admin/meeting-requests/:id',
      method: 'POST',
      path: async () => `/api/admin/meeting-requests/${(await seedMeeting(db)).id}`,
      body: () => ({ action: 'confirm' }),
    },
  ],
  'admin-order-onboarding.mts': [
    {
      pattern: '/api/admin/order-onboarding',
      method: 'GET',
      path: () => '/api/admin/order-onboarding?status=in-progress',
    },
  ],
  'admin-client-onboarding.mts': [
    {
      pattern: '/api/admin/client-onboarding',
      method: 'GET',
      path: () => '/api/admin/client-onboarding?format=csv',
    },
  ],
  'admin-factors.mts': [
    { pattern: '/api/admin/factors', method: 'GET', path: () => '/api/admin/factors' },
    { pattern: '/api/admin/factors/totp', method: 'POST', path: () => '/api/admin/factors/totp' },
    {
      pattern: '/api/admin/factors/totp/confirm',
      method: 'POST',
      path: () => '/api/admin/factors/totp/confirm',
      body: () => ({ code: '123456', label: 'Phone' }),
      // The secret lives in the session that started the enrolment, not in a new one.
      signedIn: 409,
    },
    {
      pattern: '/api/admin/factors/passkey/options',
      method: 'POST',
      path: () => '/api/admin/factors/passkey/options',
    },
    {
      pattern: '/api/admin/factors/passkey',
      method: 'POST',
      path: () => '/api/admin/factors/passkey',
      body: () => ({
        response: { id: 'x', rawId: 'x', type: 'public-key', response: { clientDataJSON: 'e30' } },
        label: 'Laptop',
      }),
      signedIn: 409,
    },
    {
      pattern: '/api/admin/factors/recovery-codes',
      method: 'POST',
      path: () => '/api/admin/factors/recovery-codes',
    },
    {
      pattern: '/api/admin/factors/:id',
      method: 'DELETE',
      path: () => '/api/admin/factors/999999',
      signedIn: 404,
    },
  ],
  'admin-people.mts': [
    {
      pattern: '/api/admin/people',
      method: 'POST',
      path: () => '/api/admin/people',
      body: () => ({ email: 'nobody@example.com' }),
    },
    {
      pattern: '/api/admin/people/export',
      method: 'POST',
      path: () => '/api/admin/people/export',
      body: () => ({ email: 'nobody@example.com' }),
    },
    {
      pattern: '/api/admin/people/erase',
      method: 'POST',
      path: () => '/api/admin/people/erase',
      body: () => ({ email: 'nobody@example.com', confirm: 'nobody@example.com' }),
    },
  ],
  'admin-privacy-requests.mts': [
    {
      pattern: '/api/admin/privacy-requests',
      method: 'GET',
      path: () => '/api/admin/privacy-requests',
    },
    {
      pattern: '/api/admin/privacy-requests/:id/answer',
      method: 'POST',
      path: () => '/api/admin/privacy-requests/999999/answer',
      body: () => ({ leave: [] }),
      signedIn: 404,
    },
    {
      pattern: '/api/admin/privacy-requests/:id/crm-deleted',
      method: 'POST',
      path: () => '/api/admin/privacy-requests/999999/crm-deleted',
      signedIn: 404,
    },
  ],
  'admin-verify.mts': [
    {
      pattern: '/api/admin/verify/options',
      method: 'POST',
      path: () => '/api/admin/verify/options',
    },
    {
      pattern: '/api/admin/verify',
      method: 'POST',
      path: () => '/api/admin/verify',
      body: () => ({ method: 'totp', code: '000000' }),
      signedIn: 400,
    },
  ],
  'admin-outbox.mts': [
    { pattern: '/api/admin/outbox', method: 'GET', path: () => '/api/admin/outbox?status=pending' },
    {
      pattern: '/api/admin/outbox/:id/attachments/:index',
      method: 'GET',
      path: async () => `/api/admin/outbox/${(await seedEmail(db)).id}/attachments/0`,
    },
    {
      pattern: '/api/admin/outbox/:id/retry',
      method: 'POST',
      path: async () => `/api/admin/outbox/${(await seedEmail(db)).id}/retry`,
    },
  ],
};

const files = readdirSync(FUNCTIONS_DIR).filter(
  (f) => /^admin-.*\.mts$/.test(f) && !f.includes('.test.'),
);

async function load(file: string): Promise<FunctionModule> {
  return (await import(
    /* @vite-ignore */ pathToFileURL(path.join(FUNCTIONS_DIR, file)).href
  )) as FunctionModule;
}

describe('every /api/admin/* function', () => {
  it('is found on disk and has cases', () => {
    expect(files.length).toBeGreaterThanOrEqual(10);
    expect(
      files.filter((f) => !CASES[f]),
      'admin functions without cases',
    ).toEqual([]);
  });

  describe.each(files)('%s', (file) => {
    it('serves only /api/admin/* and every path and method has a case', async () => {
      const { config } = await load(file);
      const paths = [config.path ?? []].flat();
      for (const p of paths) expect(p.startsWith('/api/admin/')).toBe(true);
      const cases = CASES[file] ?? [];
      expect(new Set(cases.map((c) => c.pattern))).toEqual(new Set(paths));
      expect(new Set(cases.map((c) => c.method))).toEqual(new Set(config.method));
    });

    it("declares its routes so that Netlify's static analysis reads the same ones", async () => {
      // Netlify reads `config` without running the file: a computed path would break routing.
      const { config } = await load(file);
      const listed = await listFunction(path.join(FUNCTIONS_DIR, file), { parseISC: true });
      expect(listed?.routes?.map((r) => r.pattern)).toEqual([config.path].flat());
      for (const route of listed?.routes ?? []) expect(route.methods).toEqual(config.method);
    });

    it('answers 401 without a session (or says nobody is signed in) and 200 with one', async () => {
      const mod = await load(file);
      for (const c of CASES[file] ?? []) {
        const label = `${c.method} ${c.pattern}`;
        const withoutSession = c.login
          ? adminRequest(c.method, await c.path(), {
              body: { username: 'route.tester', password: 'wrong password!' },
            })
          : adminRequest(c.method, await c.path(), c.body ? { body: c.body() } : {});
        const denied = await routed(mod)(withoutSession, {});
        expect(denied.headers.get('content-type'), label).toContain('application/json');
        const forged = adminRequest(c.method, await c.path(), {
          cookie: '__Host-admin_session=forged-token-value',
          ...(c.body && !c.login ? { body: c.body() } : {}),
          ...(c.login ? { body: { username: 'nobody.here', password: 'whatever it is' } } : {}),
        });
        const forgedRes = await routed(mod)(forged, {});
        if (c.signedOut === undefined) {
          expect(denied.status, `${label} without a session`).toBe(401);
          expect((await denied.json()).error, label).toBeTruthy();
          expect(forgedRes.status, `${label} with a forged session`).toBe(401);
        } else {
          expect(denied.status, `${label} without a session`).toBe(200);
          expect(await denied.json(), label).toEqual(c.signedOut);
          expect(await forgedRes.json(), `${label} with a forged session`).toEqual(c.signedOut);
        }

        const allowed = adminRequest(c.method, await c.path(), {
          cookie: await admin.cookie(),
          ...(c.body ? { body: c.body() } : {}),
        });
        const res = await routed(mod)(allowed, {});
        const expected = c.signedIn ?? 200;
        expect(
          res.status,
          `${label} with a session: ${res.status === expected ? '' : await res.text()}`,
        ).toBe(expected);
        expect(res.headers.get('x-content-type-options'), label).toBe('nosniff');
      }
    });
  });

  it('refuses state changes without the CSRF header or from another site (403)', async () => {
    const mod = await load('admin-contact-messages.mts');
    const id = (await seedContact(db)).id;
    const path = `/api/admin/contact-messages/${id}`;
    const body = { status: 'handled' };
    const noHeader = adminRequest('PATCH', path, {
      cookie: await admin.cookie(),
      body,
      csrf: false,
    });
    expect((await routed(mod)(noHeader, {})).status).toBe(403);
    const crossSite = adminRequest('PATCH', path, {
      cookie: await admin.cookie(),
      body,
      origin: 'https://evil.example',
    });
    expect((await routed(mod)(crossSite, {})).status).toBe(403);
    const login = await load('admin-login.mts');
    const loginNoHeader = adminRequest('POST', '/api/admin/login', {
      body: { username: 'route.tester', password: TEST_PASSWORD },
      csrf: false,
    });
    expect((await routed(login)(loginNoHeader, {})).status).toBe(403);
  });

  it('answers bad input with a 400 and a readable error, never a 500', async () => {
    const cookie = await admin.cookie();
    const cases: [string, Request][] = [
      ['admin-orders.mts', adminRequest('GET', '/api/admin/orders?status=stolen', { cookie })],
      ['admin-outbox.mts', adminRequest('GET', '/api/admin/outbox?from=2026-02-30', { cookie })],
      [
        'admin-security-log.mts',
        adminRequest('GET', '/api/admin/security-log?status=admin.password', { cookie }),
      ],
      [
        'admin-contact-messages.mts',
        adminRequest('GET', '/api/admin/contact-messages?pageSize=100000', { cookie }),
      ],
      [
        'admin-meeting-requests.mts',
        adminRequest('POST', `/api/admin/meeting-requests/${(await seedMeeting(db)).id}`, {
          cookie,
          body: { action: 'propose', date: '2099-01-05', time: '12:00 PM' },
        }),
      ],
      [
        'admin-login.mts',
        adminRequest('POST', '/api/admin/login', { body: { username: '', password: 'x' } }),
      ],
    ];
    for (const [file, req] of cases) {
      const res = await routed(await load(file))(req, {});
      const body = await res.json();
      expect(res.status, `${file}: ${JSON.stringify(body)}`).toBe(400);
      expect(body.error).toMatch(/\w/);
    }
    const meeting = await load('admin-meeting-requests.mts');
    const missing = await routed(meeting)(
      adminRequest('POST', '/api/admin/meeting-requests/999999', {
        cookie,
        body: { action: 'confirm' },
      }),
      {},
    );
    expect(missing.status).toBe(404);
  });

  it('sets a rotated __Host- session cookie at sign-in and clears it at sign-out', async () => {
    const login = await load('admin-login.mts');
    const me = await load('admin-me.mts');
    const logout = await load('admin-logout.mts');
    const old = await admin.cookie();
    const res = await routed(login)(
      adminRequest('POST', '/api/admin/login', {
        cookie: old,
        body: { username: 'Route.Tester', password: TEST_PASSWORD },
      }),
      {},
    );
    expect(res.status).toBe(200);
    const setCookie = res.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(
      /^__Host-admin_session=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=43200; HttpOnly; Secure; SameSite=Strict$/,
    );
    const fresh = setCookie.split(';')[0]!;
    const stale = await routed(me)(adminRequest('GET', '/api/admin/me', { cookie: old }), {});
    expect(await stale.json()).toEqual({ user: null });
    const who = await routed(me)(adminRequest('GET', '/api/admin/me', { cookie: fresh }), {});
    // The password alone: the panel asks for the second factor next.
    expect(await who.json()).toMatchObject({ user: { username: 'route.tester' } });

    const out = await routed(logout)(
      adminRequest('POST', '/api/admin/logout', { cookie: fresh }),
      {},
    );
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toContain('Max-Age=0');
    const after = await routed(me)(adminRequest('GET', '/api/admin/me', { cookie: fresh }), {});
    expect(await after.json()).toEqual({ user: null });
  });
});
