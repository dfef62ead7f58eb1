import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape-html';

describe('escapeHtml', () => {
  it('escapes markup, both quotes and ampersands (so attributes are safe too)', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;',
    );
  });
  it('leaves other text, right-to-left included, as it is', () => {
    expect(escapeHtml('שלום עולם 123')).toBe('שלום עולם 123');
  });
});
