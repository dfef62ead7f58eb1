import { describe, expect, it } from 'vitest';
import { mergeDraft } from './draft';

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
