import { describe, expect, it } from 'vitest';
import { signInRequestSchema } from '../clients/clients';
import { MARKETING_FEATURES } from './dashboard';

describe('dashboard', () => {
  it('validates the sign-in e-mail with the site’s message', () => {
    expect(signInRequestSchema.parse({ email: '  Ada@Example.com ' })).toEqual({
      email: 'Ada@Example.com',
    });
    const result = signInRequestSchema.safeParse({ email: 'nope' });
    expect(result.error?.issues[0]?.message).toBe('Please enter a valid email address.');
    expect(signInRequestSchema.safeParse({}).error?.issues[0]?.message).toBe(
      'Please enter a valid email address.',
    );
  });

  it('lists the spec’s marketing features', () => {
    expect(MARKETING_FEATURES.map((f) => f.title)).toEqual([
      'Campaign management',
      'CRM',
      'Email and SMS campaigns',
      'Analytics',
      'Automated workflows',
    ]);
  });
});
