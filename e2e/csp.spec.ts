/**
 * The Content-Security-Policy is enforced, and the suite-wide violation listener of
 * e2e/fixtures.ts really records violations (every other spec relies on it staying empty).
 * These tests provoke violations on purpose, check that the fixture captured them, and then
 * clear the list so the fixture's own end-of-test check passes.
 */
import { test, expect } from './fixtures';

test.describe('CSP violation listener', () => {
  test('records an injected inline script, which the policy blocks', async ({
    page,
    cspViolations,
  }) => {
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(cspViolations, 'the page itself loads without violations').toEqual([]);

    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.__cspProbe = "ran";';
      document.body.append(script);
      await new Promise((r) => setTimeout(r, 50));
      return (window as unknown as { __cspProbe?: string }).__cspProbe ?? 'blocked';
    });
    expect(ran, 'an inline script without a hash does not run').toBe('blocked');

    await expect.poll(() => cspViolations.length).toBeGreaterThan(0);
    expect(cspViolations[0]).toMatchObject({
      violatedDirective: expect.stringMatching(/^script-src/),
    });
    expect(cspViolations[0]!.blockedURI).toBe('inline');
    cspViolations.length = 0;
  });

  test('records an inline style attribute, which the policy blocks', async ({
    page,
    cspViolations,
  }) => {
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const colour = await page.evaluate(async () => {
      const probe = document.createElement('div');
      document.body.append(probe);
      // Parsed HTML (not CSSOM) is what the policy governs: the attribute must be ignored.
      probe.innerHTML = '<p style="color: rgb(1, 2, 3)">probe</p>';
      await new Promise((r) => setTimeout(r, 50));
      return getComputedStyle(probe.firstElementChild!).color;
    });
    expect(colour, 'the inline style was not applied').not.toBe('rgb(1, 2, 3)');
    await expect
      .poll(() => cspViolations.map((v) => v.violatedDirective))
      .toContainEqual(expect.stringMatching(/^style-src/));
    cspViolations.length = 0;
  });

  test('records a script from a foreign origin', async ({ page, cspViolations }) => {
    await page.goto('/');
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.src = 'https://cdn.invalid/tracker.js';
      document.head.append(script);
    });
    await expect
      .poll(() => cspViolations.map((v) => v.blockedURI))
      .toContain('https://cdn.invalid/tracker.js');
    cspViolations.length = 0;
  });

  test('stays empty on a page that behaves', async ({ page, cspViolations }) => {
    await page.goto('/about');
    await page.waitForLoadState('networkidle');
    await page.mouse.wheel(0, 2000);
    await page.waitForLoadState('networkidle');
    expect(cspViolations).toEqual([]);
  });
});
