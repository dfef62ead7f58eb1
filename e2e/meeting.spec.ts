/**
 * /schedule-meeting: the page's panels, promises and FAQs, the form's choices, each
 * validation message, the sending state, success (then found in the database with its
 * tentative invitation queued), the error notices of spec §8, and the 429 limit.
 *
 * Every test sends its requests from its own made-up client address, so the app's rate
 * limit never spills over to other specs.
 */
import type { Locator, Page } from '@playwright/test';
import {
  AWAITS_ISLAND,
  expect,
  fromIp,
  fromOwnAddress,
  holdScriptFiles,
  storedMeeting,
  storedSubmission,
  test,
} from './fixtures';
import { SPEC_TIME_SLOTS, SPEC_TIMEZONE_LABELS } from '../src/testing/meeting-spec';

const SUCCESS_TITLE = 'Meeting Request Sent!';
const SUCCESS_TEXT =
  "You'll receive a confirmation email shortly. We'll contact you within 24 hours to confirm your meeting time.";
const SLOTS = SPEC_TIME_SLOTS;
const ZONES = SPEC_TIMEZONE_LABELS;
const TYPES = [
  'Free Consultation (30 min)',
  'Website Package Demo (45 min)',
  'AI Agent Demo (45 min)',
  'Project Planning Session (60 min)',
  'Technical Discussion (30 min)',
];

test.beforeEach(async ({ context }) => {
  await fromOwnAddress(context);
});

/** The browser's local date `days` from now, as the date input expects it. */
async function localDate(page: Page, days: number): Promise<string> {
  return page.evaluate((d) => {
    const t = new Date();
    t.setDate(t.getDate() + d);
    return `${t.getFullYear()}-${String(t.getMonth() + 1).padStart(2, '0')}-${String(t.getDate()).padStart(2, '0')}`;
  }, days);
}

async function openMeeting(page: Page) {
  await page.goto('/schedule-meeting');
  const form = page.getByRole('form', { name: 'Meeting request form' });
  await form.scrollIntoViewIfNeeded();
  // Hydrated: the island has taken the form over (src/page-runtime/page.inline.ts).
  await expect(form).not.toHaveAttribute(AWAITS_ISLAND);
  return form;
}

async function fillValid(page: Page, email: string) {
  const form = page.getByRole('form', { name: 'Meeting request form' });
  await form.getByLabel('Full Name').fill('Grace Hopper');
  await form.getByLabel('Email Address').fill(email);
  await form.getByLabel('Phone').fill('+1 555 010 0101');
  await form.getByLabel('Company').fill('Compilers Inc');
  await form.getByLabel('Meeting Type').selectOption({ label: 'AI Agent Demo (45 min)' });
  await form.getByLabel('Preferred Date').fill(await localDate(page, 7));
  await form.getByLabel('Preferred Time').selectOption('2:30 PM');
  await form.getByLabel('Timezone').selectOption({ label: 'GMT (London)' });
  await form.getByLabel('Message').fill('We run three rental properties.');
  return form;
}

test.describe('meeting page', () => {
  test('has the panels, promises and six FAQs with FAQPage data', async ({ page }) => {
    await page.goto('/schedule-meeting');
    await expect(page.getByRole('heading', { level: 1, name: 'Schedule a Meeting' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /What we.ll discuss/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Contact details' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Need urgent help?' })).toBeVisible();
    await expect(page.getByText('Confirmed within 24 hours')).toBeVisible();
    await expect(page.getByText('Meetings on Zoom')).toBeVisible();
    await expect(page.getByText(/at least 24 hours ahead/).first()).toBeVisible();
    const faq = page.locator('#faq-meeting');
    await expect(faq.locator('summary')).toHaveCount(6);
    for (const topic of [
      /how long/i,
      /cost/i,
      /reschedule/i,
      /prepare/i,
      /outside the listed hours/i,
      /recorded/i,
    ]) {
      await expect(faq.locator('summary').filter({ hasText: topic })).toHaveCount(1);
    }
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    const faqPage = jsonLd.map((t) => JSON.parse(t)).find((g) => g['@type'] === 'FAQPage');
    expect(faqPage.mainEntity).toHaveLength(6);
  });

  test('offers the five meeting types, 13 times, seven timezones and a date from today', async ({
    page,
  }) => {
    const form = await openMeeting(page);
    const options = (label: string) =>
      form.getByLabel(label).locator('option:not([value=""])').allTextContents();
    expect(await options('Meeting Type')).toEqual(TYPES);
    expect(await options('Preferred Time')).toEqual(SLOTS);
    expect(await options('Timezone')).toEqual(ZONES);
    await expect(form.getByLabel('Preferred Date')).toHaveAttribute('type', 'date');
    await expect(form.getByLabel('Preferred Date')).toHaveAttribute(
      'min',
      await localDate(page, 0),
    );
    await expect(form.getByLabel('Email Address')).toHaveAttribute('type', 'email');
    await expect(form.getByLabel('Message')).toHaveAttribute('rows', '4');
    for (const label of [
      'Full Name *',
      'Email Address *',
      'Meeting Type *',
      'Preferred Date *',
      'Preferred Time *',
      'Timezone *',
    ]) {
      await expect(form.getByText(label, { exact: true })).toBeVisible();
    }
    for (const optional of ['Phone', 'Company', 'Message']) {
      await expect(form.getByLabel(optional)).not.toHaveAttribute('required', '');
    }
  });

  test.describe('the date before and after the island runs', () => {
    /**
     * /schedule-meeting with the island's scripts held back until `release` is called: the
     * form and its date field are the server's HTML meanwhile.
     */
    async function openHeld(page: Page) {
      const release = await holdScriptFiles(page);
      // Not `load`: a first paint before it inserts the held files, which then hold `load` too.
      await page.goto('/schedule-meeting', { waitUntil: 'domcontentloaded' });
      const form = page.getByRole('form', { name: 'Meeting request form' });
      return { release, form, date: form.getByRole('textbox', { name: 'Preferred Date *' }) };
    }

    const hydrated = (form: Locator) => expect(form).not.toHaveAttribute(AWAITS_ISLAND);

    test('is a text field for YYYY-MM-DD in the server HTML, and the picker once the island runs, with the date typed before', async ({
      page,
    }) => {
      const { release, form, date } = await openHeld(page);
      // No date input in the page's HTML: its calendar data would cost the first paint.
      await expect(page.locator('input[type="date"]')).toHaveCount(0);
      await expect(date).toHaveAttribute('placeholder', 'YYYY-MM-DD');
      const inAWeek = await localDate(page, 7);
      await date.fill(inAWeek);
      await form.getByLabel('Company').focus();

      release();
      await form.scrollIntoViewIfNeeded();
      await hydrated(form);
      const picker = form.getByLabel('Preferred Date');
      await expect(picker).toHaveAttribute('type', 'date');
      await expect(picker).toHaveValue(inAWeek);
      await expect(picker).not.toHaveAttribute('placeholder');
      await expect(picker).toHaveAttribute('min', await localDate(page, 0));
    });

    test('never changes under the visitor: a half-typed date stays text until they leave it', async ({
      page,
    }) => {
      const { release, form, date } = await openHeld(page);
      const inAWeek = await localDate(page, 7);
      await date.click();
      await page.keyboard.type(inAWeek.slice(0, 6));

      release();
      await hydrated(form);
      await expect(date).toBeFocused();
      await expect(date).toHaveAttribute('type', 'text');
      await expect(date).toHaveValue(inAWeek.slice(0, 6));
      await page.keyboard.type(inAWeek.slice(6));
      await expect(date).toHaveAttribute('type', 'text');

      await page.keyboard.press('Tab');
      const picker = form.getByLabel('Preferred Date');
      await expect(picker).toHaveAttribute('type', 'date');
      await expect(picker).toHaveValue(inAWeek);
    });

    test('what is no date stays as typed, and the schema says why', async ({ page }) => {
      const { release, form, date } = await openHeld(page);
      await date.fill('next tuesday');
      await form.getByLabel('Company').focus();

      release();
      await form.scrollIntoViewIfNeeded();
      await hydrated(form);
      await expect(date).toHaveAttribute('type', 'text');
      await expect(date).toHaveValue('next tuesday');
      await form.getByRole('button', { name: 'Schedule Meeting' }).click();
      await expect(date).toHaveAccessibleDescription('Please choose a date');

      await date.fill(await localDate(page, 3));
      await form.getByLabel('Company').focus();
      await expect(form.getByLabel('Preferred Date')).toHaveAttribute('type', 'date');
    });
  });

  test('shows each validation message, linked to its field', async ({ page }) => {
    const form = await openMeeting(page);
    await form.getByRole('button', { name: 'Schedule Meeting' }).click();
    const expected: [string, string][] = [
      ['Full Name', 'Name must be at least 2 characters'],
      ['Email Address', 'Please enter a valid email address'],
      ['Meeting Type', 'Please choose a meeting type'],
      ['Preferred Date', 'Please choose a date'],
      ['Preferred Time', 'Please choose a time'],
      ['Timezone', 'Please choose a timezone'],
    ];
    for (const [label, message] of expected) {
      await expect(form.getByLabel(label)).toHaveAccessibleDescription(message);
      await expect(form.getByLabel(label)).toHaveAttribute('aria-invalid', 'true');
    }
    await expect(form.getByLabel('Full Name')).toBeFocused();

    await form.getByLabel('Preferred Date').fill(await localDate(page, -1));
    await expect(form.getByText('Please choose today or a later date')).toBeVisible();
    await form.getByLabel('Preferred Date').fill(await localDate(page, 0));
    await expect(form.getByText('Please choose today or a later date')).toHaveCount(0);
  });

  test('sends, shows the success notice, resets, and the request is stored with its invitation', async ({
    page,
    request,
  }) => {
    const form = await openMeeting(page);
    const marker = `e2e-meeting-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    let payload: Record<string, unknown> | undefined;
    await page.route('**/api/schedule-meeting', async (route) => {
      payload = route.request().postDataJSON();
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    await fillValid(page, marker);
    const date = await localDate(page, 7);
    await form.getByRole('button', { name: 'Schedule Meeting' }).click();

    await expect(form.getByRole('button', { name: 'Sending Request...' })).toBeDisabled();
    await expect(page.getByText(SUCCESS_TITLE)).toBeVisible();
    await expect(page.getByText(SUCCESS_TEXT)).toBeVisible();
    for (const label of [
      'Full Name',
      'Email Address',
      'Meeting Type',
      'Preferred Date',
      'Preferred Time',
      'Timezone',
      'Message',
    ]) {
      await expect(form.getByLabel(label)).toHaveValue('');
    }
    expect(payload).toEqual({
      name: 'Grace Hopper',
      email: marker,
      phone: '+1 555 010 0101',
      company: 'Compilers Inc',
      meetingType: 'ai-demo',
      preferredDate: date,
      preferredTime: '2:30 PM',
      timezone: 'GMT',
      message: 'We run three rental properties.',
    });

    const check = await storedSubmission(request, storedMeeting(marker, date));
    expect(check).toEqual({
      stored: 1,
      emails: [
        { kind: 'meeting.team', recipient: 'team', attachments: [] },
        {
          kind: 'meeting.receipt',
          recipient: 'visitor',
          attachments: ['meeting-request.ics'],
          invitation: ['REQUEST', 'TENTATIVE'],
        },
      ],
    });
  });

  test('shows the server message when success is false, and keeps the values', async ({ page }) => {
    const form = await openMeeting(page);
    await page.route('**/api/schedule-meeting', (route) =>
      route.fulfill({ status: 200, json: { success: false, message: 'That slot was just taken' } }),
    );
    await fillValid(page, 'grace@example.com');
    await form.getByRole('button', { name: 'Schedule Meeting' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Error' });
    await expect(alert).toContainText('That slot was just taken');
    await expect(form.getByLabel('Full Name')).toHaveValue('Grace Hopper');

    await page.unroute('**/api/schedule-meeting');
    await page.route('**/api/schedule-meeting', (route) =>
      route.fulfill({ status: 200, json: { success: false } }),
    );
    await form.getByRole('button', { name: 'Schedule Meeting' }).click();
    await expect(alert).toContainText('Failed to send meeting request');
    await expect(form.getByLabel('Timezone')).toHaveValue('GMT');
  });

  test('the app limit answers 429 with a readable message, shown in the error notice', async ({
    page,
    request,
  }) => {
    const ip = await fromOwnAddress(page.context());
    const form = await openMeeting(page);
    const body = {
      name: 'Rate Limit',
      email: 'rate.limit@example.com',
      phone: '',
      company: '',
      meetingType: 'consultation',
      preferredDate: await localDate(page, 3),
      preferredTime: '9:00 AM',
      timezone: 'UTC',
      message: '',
    };
    let last = 0;
    for (let i = 0; i < 12 && last !== 429; i++) {
      const res = await request.post('/api/schedule-meeting', { data: body, headers: fromIp(ip) });
      last = res.status();
      const json = await res.json();
      if (last === 429) {
        expect(json).toMatchObject({ success: false });
        expect(json.message).toMatch(
          /^Too many requests\. Please wait \d+ minutes? and try again\.$/,
        );
      } else {
        expect(json).toMatchObject({ success: true });
      }
    }
    expect(last).toBe(429);

    await fillValid(page, 'rate.limit@example.com');
    await form.getByRole('button', { name: 'Schedule Meeting' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Error' });
    await expect(alert).toContainText(
      /429: Too many requests\. Please wait \d+ minutes? and try again\./,
    );
    await expect(form.getByLabel('Full Name')).toHaveValue('Grace Hopper');
  });
});
