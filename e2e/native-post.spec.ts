/**
 * The contact and meeting forms with no JavaScript at all: the browser posts the form itself,
 * the function answers with a redirect whose fragment targets the page's own message for the
 * outcome (src/lib/native-form.ts), and CSS `:target` shows it (NativeResultTexts.astro):
 * sent, or refused with the values to check again.
 *
 * Every test sends its requests from its own made-up client address, so the app's rate limit
 * never spills over to other specs.
 */
import {
  expect,
  expectStoredOnce,
  fromOwnAddress,
  isoDateInDays,
  sendContactForm,
  storedMeeting,
  test,
} from './fixtures';

test.use({ javaScriptEnabled: false });

test.beforeEach(async ({ context }) => {
  await fromOwnAddress(context);
});

const CONTACT_SENT = {
  title: 'Message Sent!',
  text: "Thank you for contacting us. We'll get back to you within 24 hours.",
};
const CONTACT_INVALID =
  'Your message was not sent: please check what you entered and send it again.';
const MEETING_SENT = {
  title: 'Meeting Request Sent!',
  text: "You'll receive a confirmation email shortly. We'll contact you within 24 hours to confirm your meeting time.",
};

test.describe('forms posted by the browser itself, without JavaScript', () => {
  test('the contact form is sent and the page says so from its own HTML', async ({
    page,
    request,
  }) => {
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Contact form' });
    // Before the post, none of the outcome messages is shown.
    await expect(page.getByText(CONTACT_SENT.title)).toBeHidden();
    await expect(page.getByText(CONTACT_INVALID)).toBeHidden();

    const marker = `e2e-nojs-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const sent = {
      name: 'Ada Lovelace',
      email: marker,
      message: 'Sent by a browser with its scripts turned off.',
    };
    await sendContactForm(form, sent);

    await expect(page).toHaveURL(/\/contact\?form=contact&result=sent#contact-sent$/);
    const status = page.getByRole('status').filter({ hasText: CONTACT_SENT.title });
    await expect(status).toBeVisible();
    await expect(status).toContainText(CONTACT_SENT.text);
    // The fragment moves focus to the message, so a screen reader reads it.
    await expect(status).toBeFocused();
    await expect(page.getByText(CONTACT_INVALID)).toBeHidden();

    await expectStoredOnce(request, { kind: 'contact', ...sent });
  });

  test('a contact form the server refuses says so, and the success message stays hidden', async ({
    page,
  }) => {
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('Name').fill('A');
    await form.getByRole('button', { name: 'Send Message' }).click();

    await expect(page).toHaveURL(/\/contact\?form=contact&result=invalid#contact-invalid$/);
    const alert = page.getByRole('alert').filter({ hasText: CONTACT_INVALID });
    await expect(alert).toBeVisible();
    await expect(page.getByText(CONTACT_SENT.title)).toBeHidden();
    await expect(form.getByRole('button', { name: 'Send Message' })).toBeVisible();
  });

  test('the home page contact form returns to the home page with its message', async ({ page }) => {
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Contact form' });
    await sendContactForm(form, {
      name: 'Ada Lovelace',
      email: `e2e-nojs-home-${Date.now()}@example.com`,
      message: 'Sent from the home page without scripts.',
    });

    await expect(page).toHaveURL(/\/\?form=contact&result=sent#contact-sent$/);
    await expect(page.getByRole('status').filter({ hasText: CONTACT_SENT.title })).toBeVisible();
  });

  test('the meeting form is sent and the page says so from its own HTML', async ({
    page,
    request,
  }) => {
    await page.goto('/schedule-meeting');
    const form = page.getByRole('form', { name: 'Meeting request form' });
    await expect(page.getByText(MEETING_SENT.title)).toBeHidden();

    const marker = `e2e-nojs-meeting-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    // A week ahead: in the future in any time zone.
    const date = isoDateInDays(7);
    await form.getByLabel('Full Name').fill('Grace Hopper');
    await form.getByLabel('Email Address').fill(marker);
    await form.getByLabel('Meeting Type').selectOption({ label: 'AI Agent Demo (45 min)' });
    await form.getByLabel('Preferred Date').fill(date);
    await form.getByLabel('Preferred Time').selectOption('2:30 PM');
    await form.getByLabel('Timezone').selectOption({ label: 'GMT (London)' });
    await form.getByRole('button', { name: 'Schedule Meeting' }).click();

    await expect(page).toHaveURL(/\/schedule-meeting\?form=meeting&result=sent#meeting-sent$/);
    const status = page.getByRole('status').filter({ hasText: MEETING_SENT.title });
    await expect(status).toBeVisible();
    await expect(status).toContainText(MEETING_SENT.text);
    await expect(status).toBeFocused();

    await expectStoredOnce(request, storedMeeting(marker, date));
  });
});
