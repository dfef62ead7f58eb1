import { describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES, contactSchema, FIELD_LIMITS } from './contact';

const valid = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '',
  company: '',
  message: 'I would like a new website.',
  formType: 'contact',
};

/** The messages zod reports, keyed by field. */
function messages(body: unknown): Record<string, string> {
  const result = contactSchema.safeParse(body);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
}

describe('contact schema', () => {
  it('accepts the spec payload and trims values', () => {
    const parsed = contactSchema.parse({ ...valid, name: '  Ada  ', phone: ' 555 ' });
    expect(parsed).toEqual({ ...valid, name: 'Ada', phone: '555', website: '' });
  });

  it('treats phone and company as optional', () => {
    const rest = { name: valid.name, email: valid.email, message: valid.message };
    expect(contactSchema.parse(rest)).toMatchObject({ phone: '', company: '' });
    expect(contactSchema.parse({ ...valid, phone: null, company: null })).toMatchObject({
      phone: '',
      company: '',
    });
  });

  it('uses the exact spec messages', () => {
    expect(CONTACT_MESSAGES).toEqual({
      name: 'Name must be at least 2 characters',
      email: 'Please enter a valid email address',
      message: 'Message must be at least 10 characters',
    });
    expect(messages({ ...valid, name: 'A' })).toEqual({
      name: 'Name must be at least 2 characters',
    });
    expect(messages({ ...valid, name: '  A  ' })).toEqual({
      name: 'Name must be at least 2 characters',
    });
    expect(messages({ ...valid, email: 'not-an-email' })).toEqual({
      email: 'Please enter a valid email address',
    });
    expect(messages({ ...valid, email: '' })).toEqual({
      email: 'Please enter a valid email address',
    });
    expect(messages({ ...valid, message: 'too short' })).toEqual({
      message: 'Message must be at least 10 characters',
    });
    expect(messages({})).toEqual({
      name: 'Name must be at least 2 characters',
      email: 'Please enter a valid email address',
      message: 'Message must be at least 10 characters',
    });
  });

  it('bounds every field and fixes formType', () => {
    expect(messages({ ...valid, name: 'x'.repeat(FIELD_LIMITS.name + 1) })).toEqual({
      name: `Name must be at most ${FIELD_LIMITS.name} characters`,
    });
    expect(messages({ ...valid, message: 'x'.repeat(FIELD_LIMITS.message + 1) })).toEqual({
      message: `Message must be at most ${FIELD_LIMITS.message} characters`,
    });
    expect(messages({ ...valid, phone: '1'.repeat(FIELD_LIMITS.phone + 1) })).toHaveProperty(
      'phone',
    );
    expect(messages({ ...valid, company: 'c'.repeat(FIELD_LIMITS.company + 1) })).toHaveProperty(
      'company',
    );
    expect(messages({ ...valid, email: `${'a'.repeat(250)}@example.com` })).toHaveProperty('email');
    expect(messages({ ...valid, formType: 'meeting' })).toEqual({
      formType: 'formType must be "contact"',
    });
    expect(contactSchema.parse({ ...valid, formType: undefined }).formType).toBe('contact');
  });

  it('rejects non-string values with the field message', () => {
    expect(messages({ ...valid, name: 42 })).toEqual({
      name: 'Name must be at least 2 characters',
    });
    expect(messages({ ...valid, phone: 5 })).toEqual({ phone: 'Phone must be text' });
  });
});
