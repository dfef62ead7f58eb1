/**
 * The dashboard's requests about one's data: POST/GET /api/privacy/requests and the download,
 * GET /api/privacy/export, for the whole account only; the team is e-mailed once per request,
 * and the download opens only after the team completed an export.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClientSession } from '../../src/features/clients/clients.server.ts';
import {
  CONFIRM_FOR_DATA,
  EXPORT_NOT_READY,
  SIGN_IN_FOR_DATA,
} from '../../src/features/dashboard/dashboard.ts';
import { finishPrivacyRequest } from '../../src/features/privacy/privacy.server.ts';
import { closeDb, type Db } from '../../src/server/db/client.ts';
import { emailOutbox } from '../../src/server/db/schema.ts';
import { readEnv } from '../../src/server/env.ts';
import { memoryLogoStore, setLogoStore } from '../../src/server/uploads/logo.ts';
import {
  createClientWithOrder,
  getRequest,
  jsonRequest,
} from '../../src/testing/onboarding-fixtures.ts';
import { useFreshTestDb } from '../../src/testing/test-db';
import privacyExport from '../functions/privacy-export.mts';
import privacyRequests from '../functions/privacy-requests.mts';

let db: Db;
beforeAll(async () => {
  db = await useFreshTestDb();
  setLogoStore(memoryLogoStore());
});
afterAll(async () => {
  setLogoStore(undefined);
  await closeDb();
});

const ask = (body: unknown, clientId?: number, headers: Record<string, string> = {}) => {
  const req = jsonRequest('/api/privacy/requests', body, clientId);
  for (const [name, value] of Object.entries(headers)) req.headers.set(name, value);
  return privacyRequests(req, {});
};

describe('POST /api/privacy/requests', () => {
  it('refuses without the whole account: 401 signed out, 403 for a browser that only paid', async () => {
    const signedOut = await ask({ kind: 'export' });
    expect(signedOut.status).toBe(401);
    expect(await signedOut.json()).toEqual({ error: SIGN_IN_FOR_DATA });

    const { client, order } = await createClientWithOrder(db);
    const cookie = await startClientSession(db, {
      clientId: client.id,
      wholeAccount: false,
      orderIds: [order.id],
    });
    const paidOnly = await privacyRequests(
      new Request('http://localhost/api/privacy/requests', {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: cookie.split(';')[0]! },
        body: JSON.stringify({ kind: 'erase' }),
      }),
      {},
    );
    expect(paidOnly.status).toBe(403);
    expect(await paidOnly.json()).toEqual({ error: CONFIRM_FOR_DATA });
  });

  it('refuses another site and an unknown kind', async () => {
    const { client } = await createClientWithOrder(db);
    expect(
      (await ask({ kind: 'export' }, client.id, { origin: 'https://evil.example' })).status,
    ).toBe(403);
    const unknown = await ask({ kind: 'everything' }, client.id);
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error).toMatch(/^kind:/);
  });

  it('records the request with its due date, e-mails the team once, and lists it', async () => {
    const { client } = await createClientWithOrder(db);
    const first = await ask({ kind: 'erase' }, client.id);
    expect(first.status).toBe(201);
    const { request, created } = await first.json();
    expect(created).toBe(true);
    expect(request).toMatchObject({ kind: 'erase', completedAt: null, downloadUntil: null });
    const due = new Date(request.dueAt).getTime() - new Date(request.requestedAt).getTime();
    expect(due).toBe(30 * 24 * 60 * 60 * 1000);

    const again = await ask({ kind: 'erase' }, client.id);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ request, created: false });

    const team = await db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'privacy.team'));
    const mine = team.filter((m) => m.text.includes(client.email));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ to: readEnv().teamEmail });
    expect(mine[0]!.subject).toContain(`Privacy request #${request.id}: account erasure, due `);

    const listed = await privacyRequests(getRequest('/api/privacy/requests', client.id), {});
    expect(listed.status).toBe(200);
    expect(await listed.json()).toEqual({ requests: [request] });
  });
});

describe('GET /api/privacy/export', () => {
  it('downloads the client’s own data only after the team completed their export', async () => {
    const { client } = await createClientWithOrder(db);
    const download = () => privacyExport(getRequest('/api/privacy/export', client.id), {});

    const early = await download();
    expect(early.status).toBe(403);
    expect(await early.json()).toEqual({ error: EXPORT_NOT_READY });

    const { request } = await (await ask({ kind: 'export' }, client.id)).json();
    expect((await download()).status).toBe(403);
    await finishPrivacyRequest(db, request.id, { adminUsername: 'owner' });

    const listed = await (
      await privacyRequests(getRequest('/api/privacy/requests', client.id), {})
    ).json();
    expect(listed.requests[0].downloadUntil).toEqual(expect.any(String));

    const ready = await download();
    expect(ready.status).toBe(200);
    expect(ready.headers.get('content-type')).toMatch(/^application\/json/);
    expect(ready.headers.get('content-disposition')).toMatch(
      /^attachment; filename="personal-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(ready.headers.get('cache-control')).toBe('no-store');
    const data = await ready.json();
    expect(data.email).toBe(client.email);
    expect(data.tables.clients).toEqual([expect.objectContaining({ id: client.id })]);
    expect(data.csv).toBeUndefined();

    // Another client's session never gets this client's data.
    const { client: other } = await createClientWithOrder(db);
    expect((await privacyExport(getRequest('/api/privacy/export', other.id), {})).status).toBe(403);
    expect((await privacyExport(getRequest('/api/privacy/export'), {})).status).toBe(401);
  });
});
