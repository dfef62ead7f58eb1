import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chromiumExecutable, DEBIAN_CHROMIUM, executableOption } from './browser';

describe('the browser the suites drive', () => {
  it('takes CHROME_PATH first', () => {
    expect(chromiumExecutable({ CHROME_PATH: '/opt/chrome' })).toBe('/opt/chrome');
    expect(executableOption({ CHROME_PATH: '/opt/chrome' })).toEqual({
      executablePath: '/opt/chrome',
    });
  });

  it("falls back to Debian's Chromium when installed, else to Playwright's own", () => {
    const debian = existsSync(DEBIAN_CHROMIUM);
    expect(chromiumExecutable({})).toBe(debian ? DEBIAN_CHROMIUM : undefined);
    expect(executableOption({})).toEqual(debian ? { executablePath: DEBIAN_CHROMIUM } : {});
  });
});
