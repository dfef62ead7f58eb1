import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importChainTo } from '../../scripts/lib/source-imports.ts';
import { z as classic } from './zod';
import { describeZodError, isZodError } from './zod-errors';
import { z } from './zod-mini';

const failure = (run: () => unknown): unknown => {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected the parse to fail');
};

describe('zod errors as the server answers them', () => {
  // First, before any classic schema exists (classic zod would set English on its own).
  it('names the first problem and its field, in English for zod/mini too', () => {
    const schema = z.object({ data: z.object({ name: z.string() }) });
    const error = failure(() => schema.parse({ data: { name: 1 } }));
    expect(isZodError(error) && describeZodError(error)).toBe(
      'data.name: Invalid input: expected string, received number',
    );
    const message = z.string().check(z.minLength(2, 'Name must be at least 2 characters'));
    const short = failure(() => message.parse('A'));
    expect(isZodError(short) && describeZodError(short)).toBe('Name must be at least 2 characters');
  });

  it('tells a failed parse of either flavour from any other error', () => {
    expect(isZodError(failure(() => z.string().parse(1)))).toBe(true);
    expect(isZodError(failure(() => classic.string().parse(1)))).toBe(true);
    expect(isZodError(new Error('expected string'))).toBe(false);
  });

  it.each([
    'features/admin/AdminApp.tsx',
    'features/contact/ContactFormIsland.tsx',
    'features/order-onboarding/OnboardingWizard.tsx',
  ])('stays out of the browser: %s loads neither its error class nor the locale', (entry) => {
    const island = path.resolve('src', entry);
    expect(importChainTo(island, 'zod/v4/core', true)).toBeUndefined();
    expect(importChainTo(island, 'zod/v4/locales/en.js', true)).toBeUndefined();
  });
});
