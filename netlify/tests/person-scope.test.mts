/**
 * A person's data reaches only that person (issue: exact export and erasure, only what the site
 * sealed is opened), through the real functions: a client who calls themselves "New", an
 * address that is a prefix of another, and a stolen sealed token typed into every form that
 * echoes text into an e-mail, delivered to a real SMTP peer.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { erasePerson, finishPrivacyRequest } from '../../src/features/privacy/privacy.server.ts';
import { closeDb, type Db } from '../../src/server/db/client.ts';
import { emailOutbox } from '../../src/server/db/schema.ts';
import { deliverDue } from '../../src/server/mail/delivery.ts';
import { sealSecret } from '../../src/server/mail/sealed.ts';
import { memoryLogoStore, setLogoStore } from '../../src/server/uploads/logo.ts';
import { CLIENT_ONBOARDING_FORM } from '../../src/testing/client-onboarding-form.ts';
import {
  createClientWithOrder,
  getRequest,
  jsonRequest,
} from '../../src/testing/onboarding-fixtures.ts';
import { jsonPost } from '../../src/testing/requests.ts';
import { openedText } from '../../src/testing/sent-mail.ts';
import { startTestSmtp, type TestSmtp } from '../../src/testing/smtp-peer.ts';
import { useFreshTestDb } from '../../src/testing/test-db';
import { addDays, localToday } from '../../src/features/meeting/meeting.ts';
import clientsOnboarding from '../functions/clients-onboarding.mts';
import contactForm from '../functions/contact-form.mts';
import privacyExport from '../functions/privacy-export.mts';
import privacyRequests from '../functions/privacy-requests.mts';
import scheduleMeeting from '../functions/schedule-meeting.mts';
import { Browser, buyWith } from './browser.ts';

let db: Db;
let smtp: TestSmtp;
let visitors = 0;
const logoStore = memoryLogoStore();

beforeAll(async () => {
  db = await useFreshTestDb();
  smtp = await startTestSmtp();
  setLogoStore(logoStore);
  vi.stubEnv('TEAM_EMAIL', 'team@novareach.example');
});
afterAll(async () => {
  vi.unstubAllEnvs();
  setLogoStore(undefined);
  await smtp.close();
  await closeDb();
});

const from = () => ({ ip: `198.51.100.${++visitors}` });
const contact = (name: string, email: string, message = 'Please call me back.') =>
  contactForm(
    jsonPost('http://localhost:4321/api/contact-form', {
      name,
      email,
      phone: '555-0100',
      company: '',
      message,
      formType: 'contact',
    }),
    from(),
  );

const about = async (email: string) =>
  (await db.select().from(emailOutbox)).filter((m) => m.aboutEmails?.includes(email));

describe('a client named "New" at x@acme.co', () => {
  it("exports only their own e-mails, and erasing them leaves every stranger's", async () => {
    expect((await contact('Eve Example', 'eve@example.com', 'My secret plans')).status).toBe(200);
    expect((await contact('Xavier', 'x@acme.com', 'Also private')).status).toBe(200);
    const { client } = await createClientWithOrder(db, { email: 'x@acme.co' });
    // One anonymous message gives them any name they like.
    expect((await contact('New', 'x@acme.co')).status).toBe(200);

    const asked = await privacyRequests(
      jsonRequest('/api/privacy/requests', { kind: 'export' }, client.id),
      {},
    );
    const { request } = (await asked.json()) as { request: { id: number } };
    await finishPrivacyRequest(db, request.id, { adminUsername: 'owner' });
    const download = await privacyExport(getRequest('/api/privacy/export', client.id), {});
    expect(download.status).toBe(200);
    const exported = await download.text();
    const mails = (JSON.parse(exported) as { tables: { email_outbox: { kind: string }[] } }).tables
      .email_outbox;
    expect(mails.map((m) => m.kind).sort()).toEqual(
      ['contact.receipt', 'contact.team', 'privacy.export-ready', 'privacy.team'].sort(),
    );
    for (const stranger of ['eve@example.com', 'Eve Example', 'My secret plans', 'x@acme.com'])
      expect(exported).not.toContain(stranger);

    const strangers = [...(await about('eve@example.com')), ...(await about('x@acme.com'))];
    expect(strangers.map((m) => m.kind).sort()).toEqual(
      ['contact.receipt', 'contact.receipt', 'contact.team', 'contact.team'].sort(),
    );
    const result = await erasePerson(db, 'x@acme.co', { logoStore });
    expect(result.counts.email_outbox).toBe(4);
    expect(await about('x@acme.co')).toEqual([]);
    const left = [...(await about('eve@example.com')), ...(await about('x@acme.com'))];
    expect(left.map((m) => m.id)).toEqual(strangers.map((m) => m.id));
  });
});

describe('a stolen sealed token typed into a form', () => {
  it('goes out as typed in every e-mail that echoes it: nothing the visitor typed is opened', async () => {
    const victim = new Browser();
    await buyWith(victim, 'victim@example.com', 'Victor Victim');
    const [confirmation] = await db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, 'victim@example.com'));
    const victimToken = /token=([\w-]+)/.exec(openedText(confirmation!))![1]!;
    // What a copy of the table gives away, and what one taken before slots held.
    const stolen = [...Object.values(confirmation!.secrets!), sealSecret(victimToken)];

    for (const word of stolen) {
      const attacker = `mallory+${stolen.indexOf(word)}@example.com`;
      const sent = await contact('Mallory', attacker, `Hi ${word}`);
      expect(sent.status, await sent.clone().text()).toBe(200);
      const meeting = await scheduleMeeting(
        jsonPost('http://localhost:4321/api/schedule-meeting', {
          name: 'Mallory',
          email: attacker,
          phone: '',
          company: '',
          meetingType: 'website-demo',
          preferredDate: addDays(localToday(), 10),
          preferredTime: '2:30 PM',
          timezone: 'CET',
          message: word,
        }),
        from(),
      );
      expect(meeting.status).toBe(200);
      const onboarding = await clientsOnboarding(
        jsonPost('http://localhost/api/clients/onboarding', {
          ...CLIENT_ONBOARDING_FORM,
          fullName: word,
          email: attacker,
        }),
        from(),
      );
      expect(onboarding.status).toBe(200);
      await buyWith(new Browser(), attacker, word);
    }

    smtp.received.length = 0;
    await deliverDue(db, { transport: (await import('nodemailer')).createTransport(smtp.url) });
    const toAttacker = smtp.received.filter((m) => m.to.some((to) => to.startsWith('mallory')));
    expect(toAttacker.length).toBeGreaterThanOrEqual(stolen.length * 4);
    for (const mail of smtp.received.filter((m) => !m.to.includes('victim@example.com'))) {
      const body = `${mail.mail.subject}${mail.mail.text}${mail.mail.html}`;
      expect(body).not.toContain(victimToken);
    }
    // Each word reached five e-mails as typed: the contact, meeting and onboarding notices to
    // the team, the onboarding confirmation and the order confirmation to the attacker.
    for (const word of stolen)
      expect(smtp.received.filter((m) => `${m.mail.text}`.includes(word))).toHaveLength(5);
  });
});
