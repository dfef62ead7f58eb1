/**
 * The admin's person view through its function: what is stored about one address, its export
 * (JSON, or a table as CSV) and its erasure, each export and erasure behind a recent second
 * factor, the address always in a POST body and never in the URL. The composition itself is
 * tested in src/features/privacy/privacy.server.test.ts; clients' requests are answered through
 * admin-privacy-requests.mts (its own test).
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { STEP_UP_REQUIRED } from '../../src/lib/admin-auth.ts';
import { latestSecurityEvents } from '../../src/server/auth/security-log.ts';
import { closeDb, type Db } from '../../src/server/db/client.ts';
import { memoryLogoStore, setLogoStore } from '../../src/server/uploads/logo.ts';
import {
  adminRequest,
  seedAdmin,
  seedContact,
  seedOrder,
  verifiedSession,
} from '../../src/testing/admin-seed.ts';
import { routed } from '../../src/testing/requests.ts';
import { useFreshTestDb } from '../../src/testing/test-db';
import * as peopleFn from '../functions/admin-people.mts';

let db: Db;
beforeEach(async () => {
  db = await useFreshTestDb();
  setLogoStore(memoryLogoStore());
});
afterAll(async () => {
  setLogoStore(undefined);
  await closeDb();
});

const ADDRESS = 'ada.person@example.com';

async function call(
  cookie: string,
  method: string,
  path: string,
  body?: unknown,
  request: { csrf?: boolean; origin?: string } = {},
) {
  const res = await routed(peopleFn)(
    adminRequest(method, path, { cookie, ...request, ...(body ? { body } : {}) }),
    { ip: '192.0.2.9' },
  );
  return { status: res.status, headers: res.headers, text: await res.text() };
}

async function seeded() {
  const admin = await seedAdmin(db);
  await seedOrder(db, { customerEmail: ADDRESS, customerName: 'Ada Person' });
  await seedContact(db, { email: ADDRESS, name: 'Ada Person' });
  await seedContact(db, { email: 'someone.else@example.com' });
  return admin;
}

describe('/api/admin/people', () => {
  it('finds what is stored about an address, across tables', async () => {
    const admin = await seeded();
    const found = await call(await admin.cookie(), 'POST', '/api/admin/people', {
      email: ADDRESS,
    });
    expect(found.status).toBe(200);
    const body = JSON.parse(found.text) as { email: string; counts: Record<string, number> };
    expect(body.email).toBe(ADDRESS);
    expect(body.counts.orders).toBe(1);
    expect(body.counts.contact_messages).toBe(1);
    const bad = await call(await admin.cookie(), 'POST', '/api/admin/people', {
      email: 'not-an-address',
    });
    expect(bad.status).toBe(400);
  });

  it('refuses the address in the URL: the old GET forms answer 4xx and reveal nothing', async () => {
    const admin = await seeded();
    const cookie = await admin.cookie();
    for (const path of [
      `/api/admin/people?email=${ADDRESS}`,
      `/api/admin/people/export?email=${ADDRESS}`,
      `/api/admin/people/export?email=${ADDRESS}&table=orders`,
    ]) {
      const old = await call(cookie, 'GET', path);
      expect(old.status, path).toBe(400);
      expect(JSON.parse(old.text), path).toEqual({
        error: 'Send the e-mail address in the request body, never in the URL.',
      });
      // Also in the query of a POST: the URL is logged whatever the method.
      const posted = await call(cookie, 'POST', path, { email: ADDRESS });
      expect(posted.status, path).toBe(400);
      expect(posted.text).not.toContain('counts');
    }
    for (const path of ['/api/admin/people', '/api/admin/people/export']) {
      const get = await call(cookie, 'GET', path);
      expect(get.status, path).toBe(405);
      expect(get.headers.get('allow'), path).toBe('POST');
    }
  });

  it('keeps the lookup and the export to same-origin requests with the CSRF header', async () => {
    const admin = await seeded();
    const cookie = await admin.cookie();
    for (const path of ['/api/admin/people', '/api/admin/people/export']) {
      const noHeader = await call(cookie, 'POST', path, { email: ADDRESS }, { csrf: false });
      expect(noHeader.status, path).toBe(403);
      const crossSite = await call(
        cookie,
        'POST',
        path,
        { email: ADDRESS },
        { origin: 'https://evil.example' },
      );
      expect(crossSite.status, path).toBe(403);
      expect(crossSite.text).not.toContain(ADDRESS);
    }
  });

  it('exports as JSON and one table as CSV, only after a recent second factor', async () => {
    const admin = await seeded();
    const stale = `__Host-admin_session=${await verifiedSession(db, admin.id, 11 * 60_000)}`;
    const refused = await call(stale, 'POST', '/api/admin/people/export', { email: ADDRESS });
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.text)).toEqual({ error: STEP_UP_REQUIRED });

    const fresh = await admin.cookie();
    const json = await call(fresh, 'POST', '/api/admin/people/export', { email: ADDRESS });
    expect(json.status).toBe(200);
    expect(json.headers.get('cache-control')).toBe('no-store');
    expect(json.headers.get('content-disposition')).toMatch(
      /personal-data-\d{4}-\d{2}-\d{2}\.json/,
    );
    const data = JSON.parse(json.text) as { tables: Record<string, unknown[]> };
    expect(data.tables.contact_messages).toHaveLength(1);
    expect(json.text).not.toContain('someone.else@example.com');
    const csv = await call(fresh, 'POST', '/api/admin/people/export', {
      email: ADDRESS,
      table: 'orders',
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.text).toContain(ADDRESS);
    const unknown = await call(fresh, 'POST', '/api/admin/people/export', {
      email: ADDRESS,
      table: '../etc',
    });
    expect(unknown.status).toBe(400);
  });

  it('erases the address everywhere once it is typed again, and logs it without the address', async () => {
    const admin = await seeded();
    const cookie = await admin.cookie();
    const mismatch = await call(cookie, 'POST', '/api/admin/people/erase', {
      email: ADDRESS,
      confirm: 'other@example.com',
    });
    expect(mismatch.status).toBe(400);
    const erased = await call(cookie, 'POST', '/api/admin/people/erase', {
      email: ADDRESS,
      confirm: ADDRESS.toUpperCase(),
    });
    expect(erased.status).toBe(200);
    expect(JSON.parse(erased.text).counts).toMatchObject({ orders: 1, contact_messages: 1 });
    const after = await call(cookie, 'POST', '/api/admin/people', { email: ADDRESS });
    const counts = (JSON.parse(after.text) as { counts: Record<string, number> }).counts;
    expect(Object.values(counts).every((n) => n === 0)).toBe(true);
    const log = await latestSecurityEvents(db);
    expect(log.map((e) => e.event)).toContain('person.erased');
    expect(JSON.stringify(log)).not.toContain(ADDRESS);
  });
});
