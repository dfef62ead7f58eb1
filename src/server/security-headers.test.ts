import { describe, expect, it } from 'vitest';
import { CSP_DIRECTIVES, contentEditorCsp } from './security-headers.ts';

describe('contentEditorCsp', () => {
  const page = [
    ...CSP_DIRECTIVES,
    "script-src 'self' 'sha256-abc='",
    "style-src 'self' 'sha256-def='",
  ].join(';');
  const directives = new Map(
    contentEditorCsp(page)
      .split('; ')
      .map((d) => [d.split(' ')[0], d.slice(d.indexOf(' ') + 1)] as const),
  );

  it("keeps the page's hashed scripts and adds only what Keystatic's app needs", () => {
    expect(directives.get('script-src')).toBe("'self' 'sha256-abc=' 'unsafe-eval'");
    // A hash next to 'unsafe-inline' would switch it off, so the hashes go.
    expect(directives.get('style-src')).toBe("'self' 'unsafe-inline'");
    expect(directives.get('connect-src')).toBe("'self' https://api.github.com");
  });

  it("lets only the editor show GitHub's avatars; shop pages load images from no other host", () => {
    expect(directives.get('img-src')).toBe(
      "'self' data: blob: https://avatars.githubusercontent.com",
    );
    expect(CSP_DIRECTIVES).toContain("img-src 'self' data:");
    expect(CSP_DIRECTIVES.join(';')).not.toMatch(/img-src[^;]*https:/);
  });

  it('leaves every other directive as the site has it', () => {
    expect(directives.get('frame-ancestors')).toBe("'none'");
    expect(directives.get('object-src')).toBe("'none'");
    expect(directives.get('default-src')).toBe("'self'");
    expect(directives.get('form-action')).toBe("'self' https://checkout.stripe.com");
  });
});
