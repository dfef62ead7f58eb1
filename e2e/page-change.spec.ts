/**
 * Moving between pages: the layout's speculation rules are on every page (allowed by its CSP,
 * which the fixtures check on every test), and pages change with a cross-document view
 * transition in which the header bar and the floating buttons keep their place, and none under
 * prefers-reduced-motion. Playwright turns prerendering off, so whether the browser follows
 * the rules is checked by `npm run check:prerender` (Puppeteer).
 */
import { expect, test } from './fixtures';

/** The @view-transition rules of the page's stylesheets, as text, with the media they sit in. */
const VIEW_TRANSITION_RULES = `(() => {
  const found = [];
  const walk = (rules, media) => {
    for (const rule of rules) {
      if (rule.cssText.startsWith('@view-transition')) found.push({ media, text: rule.cssText.replace(/\\s+/g, ' ') });
      else if (rule.cssRules) walk(rule.cssRules, rule.media ? rule.media.mediaText : media);
    }
  };
  for (const sheet of document.styleSheets) walk(sheet.cssRules, '');
  return found;
})()`;

test('every page carries the speculation rules, and none prepares a page with side effects', async ({
  page,
}) => {
  await page.goto('/products');
  const rules = JSON.parse(
    (await page.locator('script[type="speculationrules"]').textContent()) ?? '{}',
  ) as { prerender: { where: { and: unknown[] }; eagerness: string }[] };
  expect(rules.prerender).toHaveLength(1);
  expect(rules.prerender[0]!.eagerness).toBe('moderate');
  const excluded = JSON.stringify(rules.prerender[0]!.where.and);
  for (const path of ['/checkout*', '/pay/*', '/admin*', '/dashboard*', '/onboarding*', '/api/*']) {
    expect(excluded).toContain(`"${path}"`);
  }
});

test('pages change with a view transition; the header and floating buttons stay put', async ({
  page,
}) => {
  await page.goto('/about');
  const rules = (await page.evaluate(VIEW_TRANSITION_RULES)) as { media: string; text: string }[];
  expect(rules).toContainEqual({ media: '', text: '@view-transition { navigation: auto; }' });
  expect(rules).toContainEqual({
    media: '(prefers-reduced-motion: reduce)',
    text: '@view-transition { navigation: none; }',
  });
  const name = (selector: string) =>
    page.locator(selector).evaluate((el) => getComputedStyle(el).viewTransitionName);
  expect(await name('header.site-header')).toBe('site-header');
  expect(await name('[data-cart-fab]')).toBe('cart-button');
  expect(await name('[data-chat-widget="header"] .chat-launcher')).toBe('chat-launcher');
});
