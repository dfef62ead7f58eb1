/**
 * WCAG 2.2 AA with axe-core: every route, the mobile menu, the opened cart (preview and panel,
 * empty and with an item), the opened chat panel, and each step and error state of the
 * contact, meeting and client onboarding forms. Zero violations allowed.
 *
 * Each route's scan also checks that it answers 200 with its heading, header bar and footer.
 */
import type { Locator, Page } from '@playwright/test';
import { axeScan, test, expect } from './fixtures';
import { ROUTES } from './routes';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Pages that are not in the spec's route table: the footer's legal pages, Demo Mode's portal. */
const EXTRA_ROUTES = [
  '/privacy-policy',
  '/terms-of-service',
  '/cookie-policy',
  '/dashboard/demo-portal',
];

async function violations(page: Page): Promise<string[]> {
  const analyze = () => axeScan(page).withTags(TAGS).analyze();
  // A page may still move on by itself (Buy Now replaces itself with /checkout): scan where it
  // lands. settle() can return on the old document before the new one commits, so a second
  // scan may meet the same navigation; a third never has.
  let result: Awaited<ReturnType<typeof analyze>> | undefined;
  for (let attempt = 1; !result; attempt++) {
    result = await analyze().catch(async (error: Error) => {
      if (attempt === 3 || !/context was destroyed|navigation/i.test(error.message)) throw error;
      await settle(page);
      return undefined;
    });
  }
  return result.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .slice(0, 5)
        .map((n) => n.target.join(' '))
        .join(' | ')}${v.nodes.length > 5 ? ` (+${v.nodes.length - 5} more)` : ''}`,
  );
}

async function expectNoViolations(page: Page, state: string) {
  expect(await violations(page), `axe violations: ${state}`).toEqual([]);
}

/** Waits until islands that hydrate without input have loaded (bounded: some pages poll). */
async function settle(page: Page) {
  await page.waitForLoadState('load');
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
}

async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await settle(page);
  return response;
}

test.describe('every route answers 200 and has no WCAG 2.2 AA violations', () => {
  for (const path of [...ROUTES.map((r) => r.path), ...EXTRA_ROUTES]) {
    test(path, async ({ page }) => {
      const response = await open(page, path);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expectNoViolations(page, path);
    });
  }

  test('the not-found page answers 404 with its heading', async ({ page }) => {
    const response = await open(page, '/no-such-page-for-axe');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
    await expectNoViolations(page, '404 page');
  });
});

test('the mobile menu, opened', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, '/');
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
  await settle(page);
  await expectNoViolations(page, 'mobile menu open');
});

test.describe('cart', () => {
  const cartButton = (page: Page) => page.getByRole('button', { name: /^Shopping cart/ });
  const panel = (page: Page) => page.getByRole('dialog', { name: 'Shopping Cart' });

  test('empty cart preview', async ({ page }) => {
    await open(page, '/');
    await cartButton(page).click();
    await expect(page.getByText('Your cart is empty').first()).toBeVisible();
    await settle(page);
    await expectNoViolations(page, 'cart preview (empty)');
  });

  test('cart panel and preview with an item', async ({ page }) => {
    const response = await open(page, '/products');
    test.skip(response?.status() === 404, '/products is not built yet');
    await page
      .getByRole('button', { name: /Add to Cart/i })
      .first()
      .click();
    await expect(cartButton(page)).toHaveAccessibleName(/^Shopping cart, 1 item/);
    await settle(page);
    // Adding may open the panel by itself (its React code loads on that first use).
    await panel(page)
      .waitFor({ state: 'visible', timeout: 5_000 })
      .catch(() => {});
    if (!(await panel(page).isVisible())) {
      await cartButton(page).click();
      const viewAll = page.getByRole('button', { name: 'View All' });
      await expect(viewAll.or(panel(page)).first()).toBeVisible();
      if (await viewAll.isVisible()) {
        await expectNoViolations(page, 'cart preview (one item)');
        await viewAll.click();
      }
    }
    await expect(panel(page)).toBeVisible();
    await settle(page);
    await expectNoViolations(page, 'cart panel (one item)');
  });
});

test('chat panel, opened', async ({ page }) => {
  await open(page, '/');
  await page.getByRole('button', { name: 'Chat with Lily AI' }).click();
  await expect(page.getByRole('button', { name: 'Close chat' })).toBeVisible();
  await settle(page);
  await expectNoViolations(page, 'chat panel open');
});

/**
 * Fills every empty visible field of `scope` with a plausible value, so a wizard can move on.
 * Works from the controls' types, not their names, so it follows form changes.
 */
async function fillVisibleFields(scope: Locator) {
  const fields = scope.locator('input, select, textarea');
  for (let i = 0; i < (await fields.count()); i++) {
    const field = fields.nth(i);
    if (!(await field.isVisible()) || !(await field.isEditable().catch(() => false))) continue;
    const tag = await field.evaluate((el) => el.tagName.toLowerCase());
    const type = ((await field.getAttribute('type')) ?? 'text').toLowerCase();
    if (tag === 'select') {
      if (await field.inputValue()) continue;
      const values = await field
        .locator('option')
        .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
      if (values[0]) await field.selectOption(values[0]);
    } else if (type === 'checkbox') {
      const required =
        (await field.getAttribute('required')) !== null ||
        (await field.getAttribute('aria-required')) === 'true';
      if (required) await field.check();
    } else if (type === 'radio') {
      const name = await field.getAttribute('name');
      const group = scope.locator(`input[type="radio"][name="${name}"]`);
      if (!(await group.evaluateAll((rs) => rs.some((r) => (r as HTMLInputElement).checked))))
        await field.check();
    } else if (['hidden', 'submit', 'button', 'file', 'range', 'color'].includes(type)) {
      continue;
    } else if (!(await field.inputValue())) {
      const future = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
      const value =
        type === 'email'
          ? 'axe.check@example.com'
          : type === 'tel'
            ? '+1 555 010 0199'
            : type === 'url'
              ? 'https://example.com'
              : type === 'date'
                ? future
                : type === 'time'
                  ? '10:30'
                  : type === 'number'
                    ? '1'
                    : tag === 'textarea'
                      ? 'Checking the form for accessibility problems in every step.'
                      : 'Axe Check';
      await field.fill(value);
    }
  }
}

/**
 * Scans a form in its first state, after submitting it empty (errors shown), and, for wizards,
 * each following step until the last one has been submitted.
 */
async function walkForm(page: Page, form: Locator, name: string) {
  await expect(form).toBeVisible();
  await form.scrollIntoViewIfNeeded();
  await settle(page);
  await expectNoViolations(page, `${name}: first step`);
  const advance = form
    .getByRole('button', { name: /^(Next|Continue|Submit|Send|Request|Schedule)/i })
    .last();
  for (let step = 1; step <= 8; step++) {
    if (!(await advance.isVisible())) break;
    await advance.click();
    await expectNoViolations(page, `${name}: step ${step} submitted empty (errors shown)`);
    await fillVisibleFields(form);
    // Read now: a step with no required field moves on when submitted empty, and after the last
    // one the button may still show while its submission is under way.
    const label = (await advance.textContent())?.trim() ?? '';
    await advance.click();
    await settle(page);
    await expectNoViolations(page, `${name}: after "${label}" on step ${step}`);
    if (!/^(Next|Continue)/i.test(label)) break;
  }
}

test.describe('forms, step by step', () => {
  test('contact form', async ({ page }) => {
    const response = await open(page, '/contact');
    test.skip(response?.status() === 404, '/contact is not built yet');
    const form = page.locator('main form').first();
    await walkForm(page, form, 'contact form');
  });

  test('meeting request form', async ({ page }) => {
    const response = await open(page, '/schedule-meeting');
    test.skip(response?.status() === 404, '/schedule-meeting is not built yet');
    const form = page.locator('main form').first();
    await walkForm(page, form, 'meeting form');
  });

  test('client onboarding form', async ({ page }) => {
    const response = await open(page, '/client-onboarding');
    test.skip(response?.status() === 404, '/client-onboarding is not built yet');
    const form = page.locator('main form').first();
    await walkForm(page, form, 'client onboarding');
  });
});
