/**
 * The admin's person view through its function: what is stored about one address, its export
 * (JSON, or a table as CSV) and its erasure, each export and erasure behind a recent second
 * factor. The composition itself is tested in src/features/privacy/privacy.server.test.ts;
 * clients' requests are answered through admin-privacy-requests.mts (its own test).
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

async function call(cookie: string, method: string, path: string, body?: unknown) {
  const res = await routed(peopleFn)(
    adminRequest(method, path, { cookie, ...(body ? { body } : {}) }),
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
    const found = await call(await admin.cookie(), 'GET', `/api/admin/people?email=${ADDRESS}`);
    expect(found.status).toBe(200);
    const body = JSON.parse(found.text) as { email: string; counts: Record<string, number> };
    expect(body.email).toBe(ADDRESS);
    expect(body.counts.orders).toBe(1);
    expect(body.counts.contact_messages).toBe(1);
    const bad = await call(await admin.cookie(), 'GET', '/api/admin/people?email=not-an-address');
    expect(bad.status).toBe(400);
  });

  it('exports as JSON and one table as CSV, only after a recent second factor', async () => {
    const admin = await seeded();
    const stale = `__Host-admin_session=${await verifiedSession(db, admin.id, 11 * 60_000)}`;
    const refused = await call(stale, 'GET', `/api/admin/people/export?email=${ADDRESS}`);
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.text)).toEqual({ error: STEP_UP_REQUIRED });

    const fresh = await admin.cookie();
    const json = await call(fresh, 'GET', `/api/admin/people/export?email=${ADDRESS}`);
    expect(json.status).toBe(200);
    expect(json.headers.get('content-disposition')).toMatch(
      /personal-data-\d{4}-\d{2}-\d{2}\.json/,
    );
    const data = JSON.parse(json.text) as { tables: Record<string, unknown[]> };
    expect(data.tables.contact_messages).toHaveLength(1);
    expect(json.text).not.toContain('someone.else@example.com');
    const csv = await call(fresh, 'GET', `/api/admin/people/export?email=${ADDRESS}&table=orders`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.text).toContain(ADDRESS);
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
    const after = await call(cookie, 'GET', `/api/admin/people?email=${ADDRESS}`);
    const counts = (JSON.parse(after.text) as { counts: Record<string, number> }).counts;
    expect(Object.values(counts).every((n) => n === 0)).toBe(true);
    const log = await latestSecurityEvents(db);
    expect(log.map((e) => e.event)).toContain('person.erased');
    expect(JSON.stringify(log)).not.toContain(ADDRESS);
  });
});
