import { describe, expect, it } from 'vitest';
import { mergeDraft } from './draft';
import { safeRedirect } from './onboarding';

describe('mergeDraft', () => {
  const defaults = { name: '', terms: false, stage: 'a' };

  it('takes known keys whose type matches the default', () => {
    expect(mergeDraft(defaults, { name: 'Ada', terms: true })).toEqual({
      name: 'Ada',
      terms: true,
      stage: 'a',
    });
  });

  it('ignores unknown keys, wrong types and non-objects', () => {
    expect(mergeDraft(defaults, { name: 42, extra: 'x', terms: 'yes' })).toEqual(defaults);
    expect(mergeDraft(defaults, null)).toEqual(defaults);
    expect(mergeDraft(defaults, 'garbage')).toEqual(defaults);
  });
});

describe('safeRedirect', () => {
  it('follows same-site paths and https links only', () => {
    expect(safeRedirect('/dashboard?portal=demo&location=demo-1')).toBe(
      '/dashboard?portal=demo&location=demo-1',
    );
    expect(safeRedirect('https://app.gohighlevel.com/v2/location/L1/dashboard')).toBe(
      'https://app.gohighlevel.com/v2/location/L1/dashboard',
    );
    for (const bad of [
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      'http://evil.example',
      42,
      null,
    ]) {
      expect(safeRedirect(bad)).toBe('/dashboard');
    }
  });
});
