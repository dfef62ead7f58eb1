/**
 * /api/contact-form: the function's default export called with real Requests against a fresh
 * in-memory database, plus ≥1,000 random bodies (fast-check): never a 5xx, and nothing is
 * stored unless the shared schema accepts the body.
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { contactFormHandler } from '../../src/features/contact/contact.server.ts';
import { contactSchema } from '../../src/features/contact/contact.ts';
import { nativeFormPost } from '../../src/testing/requests.ts';
import { contactMessages, emailOutbox, rateLimitHits } from '../../src/server/db/schema.ts';
import { startTestSmtp, type TestSmtp } from '../../src/testing/smtp-peer.ts';
import contactForm, { config } from '../functions/contact-form.mts';
import {
  contactFields,
  itIgnoresAFilledHoneypot,
  itIsConfiguredWithRateLimit,
  itStoresExactlyWhatTheSchemaAccepts,
  pastTheLimit,
  useFormFunction,
  validish as validishOr,
} from './form-function.ts';

const URL_ = 'http://localhost:4321/api/contact-form';
const valid = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '(555) 010-0000',
  company: 'Analytical Engines',
  message: 'Please build us a website with a shop.',
  formType: 'contact',
};

const form = useFormFunction({ url: URL_, fn: contactForm, table: contactMessages });
const { post } = form;

describe('POST /api/contact-form', () => {
  itIsConfiguredWithRateLimit(config, '/api/contact-form');

  it('stores the message before answering and queues the team notification and the receipt', async () => {
    const res = await contactForm(post({ ...valid, name: '  Ada Lovelace ' }), {});
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      message: "Thank you for contacting us. We'll get back to you within 24 hours.",
    });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const [stored] = await form.db.select().from(contactMessages);
    expect(stored).toMatchObject({ ...valid, status: 'new' });
    const mails = await form.db.select().from(emailOutbox).orderBy(emailOutbox.id);
    expect(mails.map((m) => [m.kind, m.to, m.status])).toEqual([
      ['contact.team', 'team@novareach.example', 'pending'],
      ['contact.receipt', 'ada@example.com', 'pending'],
    ]);
    expect(mails[0]!.text).toContain('Please build us a website with a shop.');
    expect(mails[0]!.text).toContain('(555) 010-0000');
    expect(mails[1]!.text).toContain("We'll get back to you within 24 hours.");
    // The receipt goes to an unverified address, so it does not repeat the visitor's text.
    expect(mails[1]!.text).not.toContain('Please build us a website');
  });

  it('sends one address at most five receipts a day from any number of visitors, storing every message', async () => {
    vi.stubEnv('SIMULATED_PAYMENTS', ''); // a live shop: mail reaches real inboxes
    for (let visitor = 0; visitor < 7; visitor++) {
      const res = await contactForm(post({ ...valid, email: 'Victim@Example.com' }), {
        ip: `203.0.113.${visitor}`,
      });
      expect(res.status).toBe(200);
    }
    expect(await form.db.select().from(contactMessages)).toHaveLength(7);
    const mails = await form.db.select().from(emailOutbox);
    // Before: seven receipts to a stranger's inbox.
    expect(mails.filter((m) => m.kind === 'contact.receipt')).toHaveLength(5);
    expect(mails.filter((m) => m.kind === 'contact.team')).toHaveLength(7);
    const keys = (await form.db.select().from(rateLimitHits)).map((r) => r.key).join(' ');
    expect(keys).not.toMatch(/victim/i);
  });

  it('escapes visitor input in the HTML e-mails', async () => {
    await contactForm(
      post({ ...valid, name: '<b>Mallory</b>', message: '<script>alert(1)</script> hello' }),
      {},
    );
    const [team] = await form.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, 'contact.team'));
    expect(team!.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(team!.html).not.toContain('<script>');
    expect(team!.html).toContain('&lt;b&gt;Mallory&lt;/b&gt;');
  });

  it('delivers both e-mails right away when SMTP is configured, without waiting in the response', async () => {
    const smtp: TestSmtp = await startTestSmtp();
    try {
      vi.stubEnv('SMTP_URL', smtp.url);
      const pending: Promise<unknown>[] = [];
      const res = await contactForm(post(valid), {
        waitUntil: (p: Promise<unknown>) => pending.push(p),
      });
      expect(res.status).toBe(200);
      expect(pending).toHaveLength(1);
      await Promise.all(pending);
      expect(smtp.received.map((m) => m.to[0]).sort()).toEqual([
        'ada@example.com',
        'team@novareach.example',
      ]);
      const team = smtp.received.find((m) => m.to[0] === 'team@novareach.example')!;
      expect(team.mail.subject).toBe('New contact message from Ada Lovelace');
      expect(team.mail.text).toContain('Analytical Engines');
      expect(team.mail.html).toContain('Analytical Engines');
      const rows = await form.db.select().from(emailOutbox);
      expect(rows.every((r) => r.status === 'sent')).toBe(true);
    } finally {
      await smtp.close();
    }
  });

  it('answers success even when SMTP fails, keeping the e-mails for the retry', async () => {
    vi.stubEnv('SMTP_URL', 'smtp://127.0.0.1:1');
    const pending: Promise<unknown>[] = [];
    const res = await contactForm(post(valid), {
      waitUntil: (p: Promise<unknown>) => pending.push(p),
    });
    expect(res.status).toBe(200);
    await Promise.all(pending);
    const rows = await form.db.select().from(emailOutbox).orderBy(emailOutbox.id);
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.status === 'pending')).toBe(true);
    // The first attempt found no server, so the run stopped; the second waits for the next run.
    expect(rows.map((r) => r.attempts)).toEqual([1, 0]);
    expect(rows[0]!.lastError).toMatch(/ECONNREFUSED|connect/i);
  });

  it('answers 400 with the field message and stores nothing for invalid bodies', async () => {
    const cases: [unknown, string][] = [
      [{ ...valid, name: 'A' }, 'name: Name must be at least 2 characters'],
      [{ ...valid, email: 'ada@' }, 'email: Please enter a valid email address'],
      [{ ...valid, message: 'Too short' }, 'message: Message must be at least 10 characters'],
      [{ ...valid, company: 'x'.repeat(121) }, 'company: Company must be at most 120 characters'],
      [{ ...valid, message: 'x'.repeat(5001) }, 'message: Message must be at most 5000 characters'],
      [{ ...valid, formType: 'newsletter' }, 'formType: formType must be "contact"'],
      [[valid], 'Invalid input: expected object, received array'],
    ];
    for (const [body, error] of cases) {
      const res = await contactForm(post(body), {});
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(await res.json()).toEqual({ error });
    }
    expect(await form.db.$count(contactMessages)).toBe(0);
    expect(await form.db.$count(emailOutbox)).toBe(0);
  });

  it('refuses malformed and over-long bodies, other methods and other origins', async () => {
    expect((await contactForm(post('{"name":', {}, true), {})).status).toBe(400);
    const huge = await contactForm(post({ ...valid, message: 'x'.repeat(40_000) }), {});
    expect(huge.status).toBe(400);
    expect(await huge.json()).toEqual({ error: 'Request body is too large' });
    expect((await contactForm(new Request(URL_), {})).status).toBe(405);
    expect((await contactForm(post(valid, { origin: 'https://evil.example' }), {})).status).toBe(
      403,
    );
    expect(await form.db.$count(contactMessages)).toBe(0);
  });

  itIgnoresAFilledHoneypot(form, { ...valid, website: 'http://spam.example' });

  it('limits each address to 10 messages per 10 minutes with a readable 429', async () => {
    const limited = await pastTheLimit(form, valid, '192.0.2.10');
    expect((await limited.json()).error).toMatch(
      /^Too many requests\. Please wait \d+ minutes? and try again\.$/,
    );
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await form.db.$count(contactMessages)).toBe(10);
    // Another address is not affected.
    expect((await contactForm(post(valid), { ip: '192.0.2.11' })).status).toBe(200);
  });

  it('gives requests without a client address (local runs) one shared, larger counter', async () => {
    for (let i = 0; i < 12; i++) {
      expect((await contactForm(post(valid), { ip: '' })).status).toBe(200);
    }
    const [hit] = await form.db.select().from(rateLimitHits);
    expect(hit).toMatchObject({ key: 'contact-form:unknown', count: 12 });
  });
});

describe('POST /api/contact-form from the browser itself (before the island hydrated)', () => {
  const fields: Record<string, string> = { ...valid };
  delete fields.formType;
  const native = (body: Record<string, string>, options?: Parameters<typeof nativeFormPost>[2]) =>
    contactForm(nativeFormPost(URL_, body, options), { ip: '198.51.100.2' });

  it('stores the message and answers with a 303 back to the page, reporting it sent', async () => {
    const res = await native({ ...fields, website: '' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/contact?form=contact&result=sent#contact-sent');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const [stored] = await form.db.select().from(contactMessages);
    expect(stored).toMatchObject({ ...valid, status: 'new' });
    expect(await form.db.$count(emailOutbox)).toBe(2);
  });

  it("returns to the home page's form, and only to a page of the form on this site", async () => {
    const home = await native(fields, { fromPath: '/' });
    expect(home.headers.get('location')).toBe('/?form=contact&result=sent#contact-sent');
    const other = await native(fields, { fromPath: '/pricing' });
    expect(other.headers.get('location')).toMatch(/^\/contact\?/);
    const foreign = await native(fields, {
      headers: { referer: 'https://evil.example/', origin: 'http://localhost:4321' },
    });
    expect(foreign.headers.get('location')).toMatch(/^\/contact\?/);
  });

  it('reports a refused body as invalid and a limit as failed, storing nothing', async () => {
    const invalid = await native({ ...fields, email: 'not-an-email' });
    expect(invalid.status).toBe(303);
    expect(invalid.headers.get('location')).toBe(
      '/contact?form=contact&result=invalid#contact-invalid',
    );
    expect(await form.db.$count(contactMessages)).toBe(0);
    for (let i = 0; i < 10; i++) await native(fields);
    const limited = await native(fields);
    expect(limited.headers.get('location')).toBe(
      '/contact?form=contact&result=failed#contact-failed',
    );
    expect(await form.db.$count(contactMessages)).toBe(10);
  });

  it('keeps JSON answers for scripts posting URL-encoded bodies, and refuses other sites', async () => {
    const api = await contactForm(
      new Request(URL_, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...fields, email: 'nope' }).toString(),
      }),
      {},
    );
    expect(api.status).toBe(400);
    expect(await api.json()).toEqual({ error: 'email: Please enter a valid email address' });
    const latin1 = await contactForm(
      new Request(URL_, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new Uint8Array([0x6e, 0x61, 0x6d, 0x65, 0x3d, 0xe9]),
      }),
      {},
    );
    expect(latin1.status).toBe(400);
    expect(await latin1.json()).toEqual({ error: 'Request body must be UTF-8' });
    const formPost = (body: BodyInit, headers: Record<string, string> = {}) =>
      contactForm(
        new Request(URL_, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
          body,
          ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
        } as RequestInit),
        {},
      );
    const nul = await formPost(new URLSearchParams({ ...fields, name: 'Ada\u0000' }).toString());
    expect(nul.status).toBe(400);
    expect((await nul.json()).error).toMatch(/control characters/);
    const huge = await formPost(`message=${'x'.repeat(40_000)}`);
    expect(huge.status).toBe(400);
    expect(await huge.json()).toEqual({ error: 'Request body is too large' });
    // Chunked, without a Content-Length: still cut off at the limit.
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 40; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(1024)));
        controller.close();
      },
    });
    const chunked = await formPost(chunks);
    expect(chunked.status).toBe(400);
    expect(await chunked.json()).toEqual({ error: 'Request body is too large' });
    const nullOrigin = await formPost(new URLSearchParams(fields).toString(), { origin: 'null' });
    expect(nullOrigin.status).toBe(403);
    const crossSite = await native(fields, { headers: { origin: 'https://evil.example' } });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.json()).toEqual({ error: 'Cross-site request refused' });
    expect(await form.db.$count(contactMessages)).toBe(0);
  });
});

describe('POST /api/contact-form with random bodies', () => {
  const text = fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.string({ unit: 'grapheme', maxLength: 200 }),
    fc.constantFrom(
      '',
      ' ',
      'A',
      'Ada',
      'ada@example.com',
      'not an email',
      'A long enough message.',
    ),
    fc.string({ minLength: 4990, maxLength: 5010 }),
  );
  const fieldValue = fc.oneof(
    { weight: 6, arbitrary: text },
    {
      weight: 1,
      arbitrary: fc.oneof(
        fc.integer(),
        fc.boolean(),
        fc.constant(null),
        fc.array(fc.string(), { maxLength: 2 }),
      ),
    },
  );
  const validish = <T,>(good: fc.Arbitrary<T>) => validishOr(good, fieldValue, 5);
  const formLike = fc.record(
    {
      ...contactFields(fieldValue, 5, 'ada@example.com'),
      message: validish(
        fc.oneof(fc.lorem({ maxCount: 40 }), fc.string({ minLength: 10, maxLength: 400 })),
      ),
      formType: validish(fc.constant('contact')),
      website: validishOr(fc.constant(''), fieldValue, 8),
    },
    // Optional keys may be missing; bodies without required keys come from the jsonValue branch.
    { requiredKeys: ['name', 'email', 'message', 'website'] },
  );
  itStoresExactlyWhatTheSchemaAccepts(
    form,
    { handler: contactFormHandler, schema: contactSchema, formLike },
    ({ accepted, stored }) => {
      // The generator must exercise both sides.
      expect(accepted).toBeGreaterThan(20);
      expect(stored).toBeGreaterThan(10);
    },
  );
});
