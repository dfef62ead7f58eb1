/**
 * The client onboarding form end to end: per-stage validation with the spec messages and the
 * "Validation Error" notice, Previous/Next with the page scrolled to the top, the draft kept
 * across a reload, submission in Demo Mode (no credentials for an unproven address), and the
 * "Account Creation In Progress" and failure states.
 */
import type { Page } from '@playwright/test';
import { test, expect, expectAccessibleMain } from './fixtures';

async function fillStageOne(page: Page, email = `client.${Date.now()}@example.com`) {
  await page.getByLabel('Full name').fill('Katherine Johnson');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Business name').fill('Orbital Bakery');
  await page.getByLabel('Phone number').fill('+1 555 010 0123');
  await page.getByLabel('Business type').selectOption('restaurant');
}

async function goToStageThree(page: Page) {
  await page.goto('/client-onboarding');
  await fillStageOne(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Step 2 of 3')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Step 3 of 3')).toBeVisible();
  await page.getByLabel(/I confirm that the information provided is accurate/).check();
}

test.describe('client onboarding form', () => {
  test('validates each stage, keeps a draft and submits in Demo Mode', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/client-onboarding');
    await expect(page.getByRole('heading', { level: 1, name: 'Client onboarding' })).toBeVisible();
    await expect(page.getByText('Step 1 of 3')).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 2, name: 'Business Information' }),
    ).toBeVisible();
    // Nothing to go back to on the first stage.
    await expect(page.getByRole('button', { name: 'Previous' })).toHaveCount(0);

    // Next on an empty stage: the notice and every required field's message.
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Validation Error')).toBeVisible();
    await expect(
      page.getByText('Please fill in all required fields correctly before proceeding.'),
    ).toBeVisible();
    for (const message of [
      'Full name must be at least 2 characters.',
      'Please enter a valid email address.',
      'Business name must be at least 2 characters.',
      'Please enter a valid phone number.',
      'Please select a business type.',
    ]) {
      await expect(page.getByText(message)).toBeVisible();
    }
    await expect(page.getByLabel('Full name')).toBeFocused();
    await expect(page.getByText('Step 1 of 3')).toBeVisible();
    await expectAccessibleMain(page, 'stage 1 with errors');

    // A malformed optional website also blocks the stage.
    await fillStageOne(page);
    await page.getByLabel('Current website').fill('not a website');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(
      page.getByText('Please enter a valid website address, starting with https://'),
    ).toBeVisible();
    await page.getByLabel('Current website').fill('');
    await page.getByLabel('Years in business').selectOption('3-5');

    // The draft survives a reload.
    await page.reload();
    await expect(page.getByLabel('Full name')).toHaveValue('Katherine Johnson');
    await expect(page.getByLabel('Business type')).toHaveValue('restaurant');
    await expect(page.getByLabel('Years in business')).toHaveValue('3-5');

    // Stage 2 with the spec defaults; the page is scrolled to the top and the heading focused.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Step 2 of 3')).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 2, name: 'Project Requirements' }),
    ).toBeFocused();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.getByLabel('Project type')).toHaveValue('new-website');
    await expect(page.getByLabel('Domain')).toHaveValue('need-new');
    await expect(page.getByLabel('Hosting')).toHaveValue('recommended');
    await expect(page.getByLabel('SEO')).toHaveValue('basic');
    await expect(page.getByLabel('Analytics')).toHaveValue('google-analytics');
    await page.getByLabel('Website type').selectOption('ecommerce');
    await page
      .getByLabel('Goals and objectives')
      .fill('Sell cakes online and take catering orders.');

    // Previous goes back with everything kept.
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page.getByText('Step 1 of 3')).toBeVisible();
    await expect(page.getByLabel('Business name')).toHaveValue('Orbital Bakery');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByLabel('Website type')).toHaveValue('ecommerce');
    await page.getByRole('button', { name: 'Next' }).click();

    // Stage 3 arrives clean: Next only moves on (it used to turn into the Submit button under
    // the pointer and send the form), at the top of the page with the heading focused.
    await expect(page.getByText('Step 3 of 3')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Final Details' })).toBeFocused();
    await expect(page.getByText('Validation Error')).toHaveCount(0);
    await expect(page.getByText(/Please confirm the information/)).toHaveCount(0);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // The same by keyboard: back to stage 2, then Enter on Next.
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page.getByText('Step 2 of 3')).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Step 3 of 3')).toBeVisible();
    await expect(page.getByText('Validation Error')).toHaveCount(0);
    await expect(page.getByText(/Please confirm the information/)).toHaveCount(0);

    // Stage 3: the terms must be accepted.
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Validation Error')).toBeVisible();
    const terms = page.getByLabel(/I confirm that the information provided is accurate/);
    await expect(terms).toHaveAccessibleName(
      /authorize NovaReach Digital to create a marketing platform account on my behalf/,
    );
    await page.getByLabel('Brand style').selectOption('playful');
    await terms.check();
    await page.getByRole('button', { name: 'Submit' }).click();

    // Success stage in Demo Mode: an anonymous visitor gets no credentials (the address is
    // proven by the link e-mailed to it first), and Demo Mode says so.
    await expect(page.getByText('Form submitted successfully!')).toBeVisible();
    await expect(
      page.getByText("Your information has been received. We'll be in touch soon."),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Account Creation In Progress' })).toBeFocused();
    await expect(page.getByText(/will email your login details/)).toBeVisible();
    await expect(page.getByText('Demo Mode', { exact: true })).toBeVisible();
    await expect(page.getByRole('note').filter({ hasText: 'Demo Mode' })).toContainText(
      'no client portal account will be created',
    );
    await expect(page.getByText('Temporary password')).toHaveCount(0);
    await expectAccessibleMain(page, 'success stage');

    // The draft is gone after a successful submission.
    expect(await page.evaluate(() => localStorage.getItem('client-onboarding-draft'))).toBeNull();
  });

  test('says "Account Creation In Progress" when no credentials come back', async ({ page }) => {
    await page.route('**/api/clients/onboarding', (route) =>
      route.fulfill({
        json: { redirectUrl: null, tempPassword: null, locationId: null, simulated: false },
      }),
    );
    await goToStageThree(page);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('heading', { name: 'Account Creation In Progress' })).toBeVisible();
    await expect(page.getByText(/will email your login details/)).toBeVisible();
    await expect(page.getByText('Demo Mode', { exact: true })).toHaveCount(0);
  });

  test('shows the server message, or the fallback, when submitting fails', async ({ page }) => {
    let reply: 'message' | 'empty' = 'message';
    await page.route('**/api/clients/onboarding', (route) =>
      reply === 'message'
        ? route.fulfill({
            status: 400,
            json: { error: 'email: Please enter a valid email address.' },
          })
        : route.fulfill({ status: 502, body: 'Bad gateway' }),
    );
    await goToStageThree(page);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Error submitting form')).toBeVisible();
    await expect(page.getByText('email: Please enter a valid email address.')).toBeVisible();
    await expect(page.getByText('Step 3 of 3')).toBeVisible();

    reply = 'empty';
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('There was an error processing your submission.')).toBeVisible();
  });
});

test('the e-mailed confirmation link asks before it creates anything', async ({ page }) => {
  // A forged token: the page asks first, and only the press sends it (and is refused).
  await page.goto('/client-onboarding?confirm=forged-token');
  await expect(page.getByText('Confirm your e-mail address')).toBeVisible();
  const press = page.getByRole('button', { name: 'Confirm and create my account' });
  await expect(press).toBeVisible();
  await expectAccessibleMain(page, 'asking to confirm');
  await press.click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'This confirmation link cannot be used' }),
  ).toBeVisible();
  await expect(press).toHaveCount(0);
});
