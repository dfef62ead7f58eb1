/**
 * The admin lists read page by page get the CSV export's protection once the reading is an
 * export: past a session's allowance of rows (LIST_ROWS_WITHOUT_STEP_UP), every page needs a
 * factor verified in the last 10 minutes (else 403 STEP_UP_REQUIRED) and the reading is logged
 * as `data.exported`, with counts only.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { LIST_ROWS_WITHOUT_STEP_UP } from '../../src/features/admin/shell/list-reads.server.ts';
import { STEP_UP_REQUIRED } from '../../src/lib/admin-auth.ts';
import { latestSecurityEvents } from '../../src/server/auth/security-log.ts';
import { verifySessionFactor } from '../../src/server/auth/session.ts';
import { closeDb, type Db } from '../../src/server/db/client.ts';
import {
  adminRequest,
  seedAdmin,
  seedContact,
  verifiedSession,
} from '../../src/testing/admin-seed.ts';
import { routed, type FunctionModule } from '../../src/testing/requests.ts';
import { useFreshTestDb } from '../../src/testing/test-db';
import * as clientOnboardingFn from '../functions/admin-client-onboarding.mts';
import * as contactFn from '../functions/admin-contact-messages.mts';
import * as meetingFn from '../functions/admin-meeting-requests.mts';
import * as orderOnboardingFn from '../functions/admin-order-onboarding.mts';
import * as ordersFn from '../functions/admin-orders.mts';
import * as outboxFn from '../functions/admin-outbox.mts';

let db: Db;
beforeEach(async () => {
  db = await useFreshTestDb();
});
afterAll(() => closeDb());

const CONTACT = { email: 'ada.reader@example.com', name: 'Ada Reader' };
/** Pages of the largest size that spend a session's whole allowance. */
const ALLOWANCE_PAGES = LIST_ROWS_WITHOUT_STEP_UP.limit / 100;

async function get(mod: FunctionModule, token: string, path: string) {
  const res = await routed(mod)(
    adminRequest('GET', path, { cookie: `__Host-admin_session=${token}` }),
    { ip: '192.0.2.44' },
  );
  return { status: res.status, text: await res.text() };
}

/** Reads the contact messages in pages of 100 until the allowance is spent; all answered. */
async function spendAllowance(token: string) {
  for (let i = 0; i < ALLOWANCE_PAGES; i++) {
    const page = await get(contactFn, token, '/api/admin/contact-messages?pageSize=100');
    expect(page.status, page.text).toBe(200);
  }
}

const exports = async () =>
  (await latestSecurityEvents(db)).filter((e) => e.event === 'data.exported');

describe('admin list pages past the session’s allowance of rows', () => {
  it('need a recent factor, on every list, as the CSV export does', async () => {
    const admin = await seedAdmin(db);
    await seedContact(db, CONTACT);
    const stale = await verifiedSession(db, admin.id, 11 * 60_000);
    await spendAllowance(stale);
    expect(await exports()).toEqual([]);

    const lists: [FunctionModule, string][] = [
      [contactFn, '/api/admin/contact-messages'],
      [contactFn, '/api/admin/contact-messages?pageSize=10'],
      [meetingFn, '/api/admin/meeting-requests?q=someone'],
      [ordersFn, '/api/admin/orders?page=last'],
      [orderOnboardingFn, '/api/admin/order-onboarding'],
      [clientOnboardingFn, '/api/admin/client-onboarding'],
      [outboxFn, '/api/admin/outbox?status=sent'],
      [contactFn, '/api/admin/contact-messages?format=csv'],
    ];
    for (const [mod, path] of lists) {
      const refused = await get(mod, stale, path);
      expect(refused.status, path).toBe(403);
      expect(JSON.parse(refused.text), path).toEqual({ error: STEP_UP_REQUIRED });
    }
    expect(await exports()).toEqual([]);
  });

  it('are read again once the factor is verified anew, which starts a new allowance', async () => {
    const admin = await seedAdmin(db);
    const stale = await verifiedSession(db, admin.id, 11 * 60_000);
    await spendAllowance(stale);
    expect((await get(ordersFn, stale, '/api/admin/orders')).status).toBe(403);

    // The step-up: the same session under a new token, its factor verified now.
    const fresh = (await verifySessionFactor(db, stale))!;
    expect((await get(ordersFn, fresh, '/api/admin/orders?pageSize=100')).status).toBe(200);
    // Back within an allowance: a page is not an export.
    expect(await exports()).toEqual([]);
  });

  it('with a recent factor are answered and logged as an export, once per list, counts only', async () => {
    const admin = await seedAdmin(db);
    await seedContact(db, CONTACT);
    const token = await verifiedSession(db, admin.id);
    await spendAllowance(token);
    expect(await exports()).toEqual([]);

    const page = await get(contactFn, token, '/api/admin/contact-messages?pageSize=100&q=Reader');
    expect(page.status).toBe(200);
    expect(JSON.parse(page.text).items).toHaveLength(1);
    await get(contactFn, token, '/api/admin/contact-messages?pageSize=50');
    await get(outboxFn, token, '/api/admin/outbox?pageSize=20');

    const logged = await exports();
    expect(logged.map((e) => e.detail)).toEqual([
      {
        list: '/api/admin/outbox',
        via: 'pages',
        filtered: false,
        pageSize: 20,
        rows: 0,
        rowsReadSinceFactor: LIST_ROWS_WITHOUT_STEP_UP.limit + 170,
      },
      {
        list: '/api/admin/contact-messages',
        via: 'pages',
        filtered: true,
        pageSize: 100,
        rows: 1,
        rowsReadSinceFactor: LIST_ROWS_WITHOUT_STEP_UP.limit + 100,
      },
    ]);
    expect(logged[0]).toMatchObject({ userId: admin.id, username: admin.username });
    const written = JSON.stringify(logged);
    for (const personal of [CONTACT.email, CONTACT.name, 'Reader']) {
      expect(written).not.toContain(personal);
    }
  });
});
