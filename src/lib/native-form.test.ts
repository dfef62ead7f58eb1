import { describe, expect, it } from 'vitest';
import { nativeFormResultUrl, nativeResultId, readNativeFormResult } from './native-form';

const at = (path: string) => new URL(path, 'https://novareach.example');

describe('native form outcomes in the page address', () => {
  it('round-trips each outcome and cleans the address of it, keeping the rest', () => {
    for (const outcome of ['sent', 'invalid', 'failed'] as const) {
      const url = at(nativeFormResultUrl('/contact', 'contact', outcome));
      // The address targets the page's own message for the outcome, shown by CSS :target.
      expect(url.hash).toBe(`#${nativeResultId('contact', outcome)}`);
      expect(nativeResultId('contact', outcome)).toBe(`contact-${outcome}`);
      expect(readNativeFormResult(url, 'contact')).toEqual({
        outcome,
        cleaned: '/contact#contact-form',
      });
    }
    expect(readNativeFormResult(at('/?utm=x&form=contact&result=sent#top'), 'contact')).toEqual({
      outcome: 'sent',
      cleaned: '/?utm=x#top',
    });
  });

  it("reports nothing for another form's outcome or a made-up one", () => {
    const meeting = at(nativeFormResultUrl('/schedule-meeting', 'meeting', 'sent'));
    expect(readNativeFormResult(meeting, 'contact').outcome).toBeNull();
    expect(readNativeFormResult(at('/contact?form=contact&result=Call+us'), 'contact')).toEqual({
      outcome: null,
      cleaned: '/contact',
    });
  });
});
