import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { submitClientOnboarding } from '../../src/features/client-onboarding/client-onboarding.server.ts';
import type { CrmClient } from '../../src/server/crm/crm.ts';
import { closeDb, useFreshTestDb, type Db } from '../../src/server/db/client.ts';
import { clientOnboardingSubmissions, emailOutbox } from '../../src/server/db/schema.ts';
import handler from '../functions/clients-onboarding.mts';

let db: Db;
let ipCounter = 0;

beforeEach(async () => {
  db = await useFreshTestDb();
  delete process.env.GHL_API_KEY;
  delete process.env.GHL_COMPANY_ID;
});
afterAll(() => closeDb());

const form = {
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  businessName: 'Acme Bakery',
  phone: '555-0142',
  businessType: 'restaurant',
  website: '',
  projectType: 'new-website',
  websiteType: 'brochure',
  brandStyle: 'modern',
  termsAccepted: true,
};

const post = (body: unknown, headers: Record<string, string> = {}) =>
  handler(
    new Request('http://localhost/api/clients/onboarding', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'x-forwarded-for': `10.0.0.${++ipCounter}`,
        ...headers,
      },
      body: JSON.stringify(body),
    }),
    {},
  );

describe('POST /api/clients/onboarding', () => {
  it('stores the submission and answers Demo Mode credentials without a CRM key', async () => {
    const res = await post(form);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ simulated: true });
    expect(body.locationId).toMatch(/^demo-/);
    expect(body.tempPassword).toEqual(expect.any(String));
    expect(body.redirectUrl).toBe(`/dashboard/demo-portal?location=${body.locationId}`);

    const [row] = await db.select().from(clientOnboardingSubmissions);
    expect(row).toMatchObject({
      productId: 'starter',
      fullName: 'Ada Lovelace',
      email: 'ada@example.com',
      businessName: 'Acme Bakery',
      ghlLocationId: body.locationId,
      simulated: true,
    });
    expect(row!.data).toMatchObject({
      businessType: 'restaurant',
      websiteType: 'brochure',
      projectType: 'new-website',
    });
    const mails = await db.select().from(emailOutbox);
    expect(mails.map((m) => m.kind)).toEqual(['client-onboarding.team']);
  });

  it('keeps the product the form sends', async () => {
    await post({ ...form, productId: 'advanced' });
    const [row] = await db.select().from(clientOnboardingSubmissions);
    expect(row!.productId).toBe('advanced');
  });

  it('rejects invalid input with the form’s message and stores nothing', async () => {
    const res = await post({ ...form, email: 'nope' });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('email: Please enter a valid email address.');
    const unknown = await post({ ...form, productId: 'nonexistent' });
    expect(unknown.status).toBe(400);
    expect(await db.$count(clientOnboardingSubmissions)).toBe(0);
  });

  it('creates no account without the terms, but still stores the submission', async () => {
    const res = await post({ ...form, termsAccepted: false });
    expect(await res.json()).toEqual({
      redirectUrl: null,
      tempPassword: null,
      locationId: null,
      simulated: true,
    });
    expect(await db.$count(clientOnboardingSubmissions)).toBe(1);
  });

  it('answers without credentials when the real CRM fails (account finished by the team)', async () => {
    process.env.GHL_API_KEY = 'pit-broken';
    process.env.GHL_COMPANY_ID = 'C1';
    process.env.GHL_API_BASE = 'http://127.0.0.1:1';
    try {
      const res = await post(form);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        redirectUrl: null,
        tempPassword: null,
        locationId: null,
        simulated: false,
      });
      expect(await db.$count(clientOnboardingSubmissions)).toBe(1);
    } finally {
      delete process.env.GHL_API_BASE;
    }
  });

  it('answers a filled honeypot like a success but stores, sends and creates nothing', async () => {
    const res = await post({ ...form, homepage: 'http://spam.example' });
    expect(res.status).toBe(200);
    // The answer of a real submission whose account is finished by hand: nothing to tell apart.
    expect(await res.json()).toEqual({
      redirectUrl: null,
      tempPassword: null,
      locationId: null,
      simulated: true,
    });
    expect(await db.$count(clientOnboardingSubmissions)).toBe(0);
    expect(await db.$count(emailOutbox)).toBe(0);
  });

  it('creates no CRM account for a filled honeypot', async () => {
    const crm: CrmClient = {
      simulated: false,
      createClientAccount: vi.fn(),
      locationExists: vi.fn(),
      dashboardUrl: vi.fn(),
    };
    const result = await submitClientOnboarding(
      db,
      { ...form, homepage: 'http://spam.example' },
      { ip: '10.0.9.1', crm },
    );
    expect(result).toEqual({
      response: { redirectUrl: null, tempPassword: null, locationId: null, simulated: false },
      submissionId: null,
      emailIds: [],
    });
    expect(crm.createClientAccount).not.toHaveBeenCalled();
  });

  it('works as before with an empty honeypot, and does not store it', async () => {
    const res = await post({ ...form, homepage: '' });
    expect(res.status).toBe(200);
    expect((await res.json()).tempPassword).toEqual(expect.any(String));
    const [row] = await db.select().from(clientOnboardingSubmissions);
    expect(row!.data).not.toHaveProperty('homepage');
    const mails = await db.select().from(emailOutbox);
    expect(mails.map((m) => m.kind)).toEqual(['client-onboarding.team']);
  });

  it('refuses cross-site posts and other methods', async () => {
    expect((await post(form, { Origin: 'https://evil.example' })).status).toBe(403);
    const get = await handler(new Request('http://localhost/api/clients/onboarding'), {});
    expect(get.status).toBe(405);
  });
});
