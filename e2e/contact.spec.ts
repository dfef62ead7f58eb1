/**
 * The contact form on /contact and in the home page's #contact section: each validation
 * message, the sending state, success (then found in the database the dev server uses),
 * the error notice with values kept, and the per-address limit answering 429.
 *
 * Every test sends its requests from its own made-up client address
 * (fromOwnAddress in fixtures.ts), so the app's rate limit never spills over to other specs.
 */
import type { Page } from '@playwright/test';
import {
  AWAITS_ISLAND,
  DEV_PASS,
  expect,
  expectStoredOnce,
  fromIp,
  fromOwnAddress,
  sendContactForm,
  storedSubmission,
  test,
} from './fixtures';

const SUCCESS_TITLE = 'Message Sent!';
const SUCCESS_TEXT = "Thank you for contacting us. We'll get back to you within 24 hours.";

test.beforeEach(async ({ context }) => {
  await fromOwnAddress(context);
});

async function openContact(page: Page) {
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.scrollIntoViewIfNeeded();
  await expect(form).not.toHaveAttribute(AWAITS_ISLAND);
  return form;
}

test.describe('contact form', () => {
  test(
    'marks required fields and shows each validation message, linked to its field',
    DEV_PASS,
    async ({ page }) => {
      const form = await openContact(page);
      for (const label of ['Name *', 'Email *', 'Message *'])
        await expect(form.getByText(label, { exact: true })).toBeVisible();
      await expect(form.getByLabel('Phone')).not.toHaveAttribute('required', '');
      await expect(form.getByLabel('Company')).not.toHaveAttribute('required', '');

      await form.getByRole('button', { name: 'Send Message' }).click();
      const name = form.getByLabel('Name');
      const email = form.getByLabel('Email');
      const message = form.getByLabel('Message');
      await expect(name).toHaveAccessibleDescription('Name must be at least 2 characters');
      await expect(email).toHaveAccessibleDescription('Please enter a valid email address');
      await expect(message).toHaveAccessibleDescription('Message must be at least 10 characters');
      await expect(name).toHaveAttribute('aria-invalid', 'true');
      await expect(name).toBeFocused();

      await name.fill('A');
      await email.fill('not-an-email');
      await message.fill('Too short');
      await expect(form.getByText('Name must be at least 2 characters')).toBeVisible();
      await expect(form.getByText('Please enter a valid email address')).toBeVisible();
      await expect(form.getByText('Message must be at least 10 characters')).toBeVisible();

      // Messages follow corrections.
      await name.fill('Ada');
      await email.fill('ada@example.com');
      await message.fill('Long enough now, thank you.');
      await expect(form.locator('.field-error')).toHaveCount(0);
      await expect(name).not.toHaveAttribute('aria-invalid', 'true');
    },
  );

  test(
    'sends, shows the success notice, resets, and the message is stored',
    DEV_PASS,
    async ({ page, request }) => {
      const form = await openContact(page);
      const marker = `e2e-contact-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
      let payload: Record<string, unknown> | undefined;
      await page.route('**/api/contact-form', async (route) => {
        payload = route.request().postDataJSON();
        await new Promise((r) => setTimeout(r, 400));
        await route.continue();
      });

      await form.getByLabel('Name').fill('Ada Lovelace');
      await form.getByLabel('Email').fill(marker);
      await form.getByLabel('Phone').fill('+1 555 010 0100');
      await form.getByLabel('Company').fill('Analytical Engines');
      await form.getByLabel('Message').fill('We would like a new website with online booking.');
      await form.getByRole('button', { name: 'Send Message' }).click();

      await expect(form.getByRole('button', { name: 'Sending Message...' })).toBeDisabled();
      await expect(page.getByText(SUCCESS_TITLE)).toBeVisible();
      await expect(page.getByText(SUCCESS_TEXT)).toBeVisible();
      await expect(form.getByLabel('Name')).toHaveValue('');
      await expect(form.getByLabel('Email')).toHaveValue('');
      await expect(form.getByLabel('Message')).toHaveValue('');
      await expect(form.getByRole('button', { name: 'Send Message' })).toBeEnabled();

      expect(payload).toEqual({
        name: 'Ada Lovelace',
        email: marker,
        phone: '+1 555 010 0100',
        company: 'Analytical Engines',
        message: 'We would like a new website with online booking.',
        formType: 'contact',
      });

      const check = await storedSubmission(request, {
        kind: 'contact',
        name: 'Ada Lovelace',
        email: marker,
        message: 'We would like a new website with online booking.',
      });
      expect(check).toEqual({
        stored: 1,
        emails: [
          { kind: 'contact.team', recipient: 'team', attachments: [] },
          { kind: 'contact.receipt', recipient: 'visitor', attachments: [] },
        ],
      });
    },
  );

  test('works in the home page "Get In Touch" section', async ({ page, request }) => {
    await page.goto('/#contact');
    const form = page.locator('#contact').getByRole('form', { name: 'Contact form' });
    await form.scrollIntoViewIfNeeded();
    await expect(form).not.toHaveAttribute(AWAITS_ISLAND);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByText('Name must be at least 2 characters')).toBeVisible();

    const marker = `e2e-home-${Date.now()}@example.com`;
    const sent = {
      name: 'Grace Hopper',
      email: marker,
      message: 'Please call me about an AI agent.',
    };
    await sendContactForm(form, sent);
    await expect(page.getByText(SUCCESS_TITLE)).toBeVisible();
    await expectStoredOnce(request, { kind: 'contact', ...sent });
  });

  test('a failed request shows the error notice and keeps the values', async ({ page }) => {
    const form = await openContact(page);
    await page.route('**/api/contact-form', (route) =>
      route.fulfill({ status: 500, contentType: 'text/plain', body: 'Server exploded' }),
    );
    await sendContactForm(form, {
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      message: 'This one will not arrive.',
    });

    const alert = page.getByRole('alert').filter({ hasText: 'Error' });
    await expect(alert).toContainText('Error');
    await expect(alert).toContainText('500: Server exploded');
    await expect(form.getByLabel('Name')).toHaveValue('Ada Lovelace');
    await expect(form.getByLabel('Message')).toHaveValue('This one will not arrive.');
    await expect(form.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  test('the app limit answers 429 with a readable message, shown in the error notice', async ({
    page,
    request,
  }) => {
    const ip = await fromOwnAddress(page.context());
    const body = {
      name: 'Rate Limit',
      email: 'rate.limit@example.com',
      phone: '',
      company: '',
      message: 'Checking the rate limit of the form.',
      formType: 'contact',
    };
    let last = 0;
    for (let i = 0; i < 12 && last !== 429; i++) {
      const res = await request.post('/api/contact-form', {
        data: body,
        headers: fromIp(ip),
      });
      last = res.status();
      if (last === 429) {
        expect((await res.json()).error).toMatch(
          /^Too many requests\. Please wait \d+ minutes? and try again\.$/,
        );
        expect(res.headers()['retry-after']).toBeTruthy();
      } else {
        expect(last).toBe(200);
      }
    }
    expect(last).toBe(429);

    const form = await openContact(page);
    await sendContactForm(form, {
      name: 'Rate Limit',
      email: 'rate.limit@example.com',
      message: 'One message too many for now.',
    });
    const alert = page.getByRole('alert').filter({ hasText: 'Error' });
    await expect(alert).toContainText(
      /429: Too many requests\. Please wait \d+ minutes? and try again\./,
    );
    await expect(form.getByLabel('Message')).toHaveValue('One message too many for now.');
  });
});

test.describe('contact form before its island has hydrated', () => {
  const ISLAND = '**/*ContactFormIsland*';
  const EARLY_BIRD = {
    name: 'Early Bird',
    message: 'Typed before the form had loaded its script.',
  };

  async function fillBeforeHydration(page: Page, email: string) {
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Contact form' });
    // Usable at first paint: enabled, not waiting for the island.
    await expect(form).toHaveAttribute(AWAITS_ISLAND, '');
    await expect(form.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    await sendContactForm(form, { ...EARLY_BIRD, email });
    return form;
  }

  test(
    'keeps what was typed and sends a press made before hydration once the island is there',
    DEV_PASS,
    async ({ page, request }) => {
      let loadIsland!: () => void;
      const islandHeld = new Promise<void>((resolve) => (loadIsland = resolve));
      await page.route(ISLAND, async (route) => {
        await islandHeld;
        await route.continue();
      });
      const bodies: (string | null)[] = [];
      page.on('request', (r) => {
        if (r.url().endsWith('/api/contact-form')) bodies.push(r.headers()['content-type'] ?? null);
      });
      const marker = `e2e-early-${Date.now()}@example.com`;
      const form = await fillBeforeHydration(page, marker);
      await expect(form).toHaveAttribute(AWAITS_ISLAND, 'submitted');
      expect(bodies).toEqual([]);

      loadIsland();
      await expect(page.getByText(SUCCESS_TITLE)).toBeVisible();
      await expect(form.getByLabel('Name')).toHaveValue('');
      // The island sent it (JSON, no page load), exactly once.
      expect(bodies).toEqual(['application/json']);
      expect(new URL(page.url()).search).toBe('');
      await expectStoredOnce(request, { kind: 'contact', ...EARLY_BIRD, email: marker });
    },
  );

  test(
    'without its island the browser posts the form and the page announces it was sent',
    DEV_PASS,
    async ({ page, request }) => {
      await page.route(ISLAND, (route) => route.abort());
      const marker = `e2e-native-${Date.now()}@example.com`;
      await fillBeforeHydration(page, marker);
      // The page waits a few seconds for the island, then lets the browser post the form.
      await expect(page.getByText(SUCCESS_TITLE)).toBeVisible({ timeout: 20_000 });
      await expect(page.getByText(SUCCESS_TEXT)).toBeVisible();
      await expect(page).toHaveURL(/\/contact#contact-form$/);
      await expectStoredOnce(request, { kind: 'contact', ...EARLY_BIRD, email: marker });
    },
  );
});
