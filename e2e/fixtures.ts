/**
 * The `test` every spec imports. It records Content-Security-Policy violations on every page
 * (a `securitypolicyviolation` listener installed before any page script) and fails the test
 * if one happened, so a CSP regression anywhere in the suite is caught.
 */
import { test as base, expect } from '@playwright/test';

export type CspViolation = { blockedURI: string; violatedDirective: string; sourceFile: string };

export const test = base.extend<{ cspViolations: CspViolation[] }>({
  cspViolations: [
    async ({ page }, use) => {
      const violations: CspViolation[] = [];
      await page.exposeFunction('__reportCspViolation', (v: CspViolation) => violations.push(v));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => {
          (
            window as unknown as { __reportCspViolation: (v: unknown) => void }
          ).__reportCspViolation({
            blockedURI: e.blockedURI,
            violatedDirective: e.violatedDirective,
            sourceFile: e.sourceFile,
          });
        });
      });
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
