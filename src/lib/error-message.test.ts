import { describe, expect, it } from 'vitest';
import { errorMessage } from './error-message';

describe('errorMessage', () => {
  it("uses the error's message", () => {
    expect(errorMessage(new Error('Network down'), 'Fallback')).toBe('Network down');
  });

  it('falls back for an empty message or a thrown non-error', () => {
    expect(errorMessage(new Error(''), 'Fallback')).toBe('Fallback');
    expect(errorMessage('oops', 'Fallback')).toBe('Fallback');
    expect(errorMessage(undefined, 'Fallback')).toBe('Fallback');
  });
});
