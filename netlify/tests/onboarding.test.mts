/**
 * The order onboarding endpoints: steps saved in order for the owner's order only (403 for
 * another client's order or without a session), completion links the CRM, state for resuming,
 * and the logo upload/serve pair.
 */
import { TINY_PNG } from '../../src/testing/images.ts';
import { routed } from '../../src/testing/requests.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  BUSINESS_INFO,
  createClientWithOrder,
  DESIGN_PREFERENCES,
  getRequest,
  jsonRequest,
  PROJECT_DETAILS,
} from '../../src/testing/onboarding-fixtures.ts';
import { closeDb, type Db } from '../../src/server/db/client.ts';
import { useFreshTestDb } from '../../src/testing/test-db';
import { clients, emailOutbox, onboardingForms } from '../../src/server/db/schema.ts';
import { memoryLogoStore, setLogoStore } from '../../src/server/uploads/logo.ts';
import businessInfo from '../functions/onboarding-business-info.mts';
import * as stateFn from '../functions/onboarding-state.mts';
import logoUpload from '../functions/logo-upload.mts';
import * as logoGetFn from '../functions/logo-get.mts';
import { saveStep } from './onboarding-steps.ts';

const logoGet = routed(logoGetFn);
const state = routed(stateFn);

let db: Db;
const PNG = TINY_PNG;

beforeAll(async () => {
  db = await useFreshTestDb();
  delete process.env.GHL_API_KEY;
});
beforeEach(() => setLogoStore(memoryLogoStore()));
afterAll(async () => {
  setLogoStore(undefined);
  await closeDb();
});

describe('onboarding steps', () => {
  it('saves the three steps in order, completes onboarding and links the client to the CRM', async () => {
    const { client, order } = await createClientWithOrder(db);

    const first = await saveStep('businessInfo', order.id, client.id);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ success: true, step: 'businessInfo', completed: false });

    const second = await saveStep('projectDetails', order.id, client.id);
    expect(second.status).toBe(200);
    const third = await saveStep('designPreferences', order.id, client.id);
    expect(await third.json()).toEqual({
      success: true,
      step: 'designPreferences',
      completed: true,
    });

    const [form] = await db
      .select()
      .from(onboardingForms)
      .where(eq(onboardingForms.orderId, order.id));
    expect(form).toMatchObject({
      businessInfo: BUSINESS_INFO,
      projectDetails: PROJECT_DETAILS,
      designPreferences: DESIGN_PREFERENCES,
      completed: true,
    });
    const [linked] = await db.select().from(clients).where(eq(clients.id, client.id));
    expect(linked!.ghlLocationId).toMatch(/^demo-/);
    const kinds = (await db.select().from(emailOutbox)).map((m) => m.kind);
    expect(kinds).toContain('onboarding.completed');
  });

  it('answers 404 for another client’s order, as for one that does not exist, and stores nothing', async () => {
    const { order } = await createClientWithOrder(db);
    const { client: other } = await createClientWithOrder(db);
    const res = await saveStep('businessInfo', order.id, other.id);
    // Before: 403 here and 404 for a missing id told which sequential order ids exist.
    expect(res.status).toBe(404);
    expect((await res.json()).error).toBe('Order not found');
    const missing = await saveStep('businessInfo', order.id + 10_000, other.id);
    expect(missing.status).toBe(404);
    expect((await missing.json()).error).toBe('Order not found');
    // Authorization comes before validation: invalid data from a stranger is still a 404.
    expect((await saveStep('businessInfo', order.id, other.id, { businessName: 'x' })).status).toBe(
      404,
    );
    expect(await db.$count(onboardingForms, eq(onboardingForms.orderId, order.id))).toBe(0);
  });

  it('answers 403 without a session and 404 for an unknown order', async () => {
    const { client, order } = await createClientWithOrder(db);
    expect((await saveStep('businessInfo', order.id, undefined)).status).toBe(403);
    expect((await saveStep('businessInfo', 999999, client.id)).status).toBe(404);
  });

  it('validates with the spec messages', async () => {
    const { client, order } = await createClientWithOrder(db);
    const res = await saveStep('businessInfo', order.id, client.id, {
      ...BUSINESS_INFO,
      email: 'nope',
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('email: Invalid email address');
    const bad = await saveStep('businessInfo', 'starter', client.id);
    expect(bad.status).toBe(400);
  });

  it('refuses a later step before the earlier ones (409)', async () => {
    const { client, order } = await createClientWithOrder(db);
    const res = await saveStep('designPreferences', order.id, client.id);
    expect(res.status).toBe(409);
  });

  it('only accepts a logo URL of the same order', async () => {
    const { client, order } = await createClientWithOrder(db);
    const foreign = `/api/onboarding/logo/${order.id + 1000}/abcdefghijkl`;
    const res = await saveStep('businessInfo', order.id, client.id, {
      ...BUSINESS_INFO,
      logoUrl: foreign,
    });
    expect(res.status).toBe(400);
  });

  it('refuses cross-site requests', async () => {
    const { client, order } = await createClientWithOrder(db);
    const req = jsonRequest(
      '/api/onboarding/business-info',
      { orderId: order.id, data: BUSINESS_INFO },
      client.id,
    );
    req.headers.set('Origin', 'https://evil.example');
    expect((await businessInfo(req, {})).status).toBe(403);
  });
});

describe('onboarding state', () => {
  it('returns the order and saved steps to the owner, 404 to other clients, 403 without a session', async () => {
    const { client, order } = await createClientWithOrder(db);
    await saveStep('businessInfo', order.id, client.id);
    const res = await state(getRequest(`/api/onboarding/state/${order.id}`, client.id), {});
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.order).toMatchObject({ id: order.id, productId: 'starter' });
    expect(body.clientId).toBe(client.id);
    expect(body.form).toMatchObject({
      businessInfo: BUSINESS_INFO,
      projectDetails: null,
      completed: false,
    });

    const { client: other } = await createClientWithOrder(db);
    expect(
      (await state(getRequest(`/api/onboarding/state/${order.id}`, other.id), {})).status,
    ).toBe(404);
    expect((await state(getRequest(`/api/onboarding/state/${order.id}`), {})).status).toBe(403);
    expect((await state(getRequest('/api/onboarding/state/abc', client.id), {})).status).toBe(404);
  });
});

describe('logo upload', () => {
  const uploadWithoutSession = (orderId: number, body: BodyInit) =>
    logoUpload(
      new Request(`http://localhost/api/onboarding/logo?orderId=${orderId}`, {
        method: 'POST',
        headers: { 'Content-Type': 'image/png' },
        body,
      }),
      {},
    );

  it('stores a PNG for the owner and serves it only to the owner', async () => {
    const { client, order } = await createClientWithOrder(db);
    const req = new Request(`http://localhost/api/onboarding/logo?orderId=${order.id}`, {
      method: 'POST',
      headers: getRequest('/', client.id).headers,
      body: PNG,
    });
    const res = await logoUpload(req, {});
    expect(res.status).toBe(201);
    const { logoUrl } = await res.json();
    expect(logoUrl).toMatch(new RegExp(`^/api/onboarding/logo/${order.id}/[A-Za-z0-9_-]+$`));

    const served = await logoGet(getRequest(logoUrl, client.id), {});
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);

    const { client: other } = await createClientWithOrder(db);
    expect((await logoGet(getRequest(logoUrl, other.id), {})).status).toBe(403);
    expect((await logoGet(getRequest(logoUrl), {})).status).toBe(403);

    // The stored URL is accepted in the business info of the same order.
    const saved = await saveStep('businessInfo', order.id, client.id, {
      ...BUSINESS_INFO,
      logoUrl,
      logoFile: 'logo.png',
    });
    expect(saved.status).toBe(200);
  });

  it('refuses SVG (415), oversized files (413) and other clients’ orders (404)', async () => {
    const { client, order } = await createClientWithOrder(db);
    const headers = getRequest('/', client.id).headers;
    const post = (body: BodyInit, id = order.id, h: HeadersInit = headers) =>
      logoUpload(
        new Request(`http://localhost/api/onboarding/logo?orderId=${id}`, {
          method: 'POST',
          headers: h,
          body,
        }),
        {},
      );

    const svg = await post(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    expect(svg.status).toBe(415);
    expect((await svg.json()).error).toBe('Please upload a PNG, JPEG or WebP image.');

    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(PNG);
    expect((await post(big)).status).toBe(413);

    const { order: foreign } = await createClientWithOrder(db);
    expect((await post(PNG, foreign.id)).status).toBe(404);
    expect((await uploadWithoutSession(order.id, PNG)).status).toBe(403);
  });
});
