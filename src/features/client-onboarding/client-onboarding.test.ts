import { describe, expect, it } from 'vitest';
import {
  BUSINESS_TYPES,
  CLIENT_ONBOARDING_DEFAULTS,
  clientOnboardingRequestSchema,
  clientOnboardingSchema,
  DOMAIN_STATUSES,
  formErrors,
  HONEYPOT_FIELD,
  HONEYPOT_MAX,
  PROJECT_TYPES,
  stageErrors,
  stageHasRequiredFields,
  STAGES,
  TERMS_MESSAGE,
  WEBSITE_TYPES,
  type ClientOnboardingValues,
} from './client-onboarding';

const valid: ClientOnboardingValues = {
  ...CLIENT_ONBOARDING_DEFAULTS,
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  businessName: 'Acme Bakery',
  phone: '555-0142',
  businessType: 'restaurant',
  termsAccepted: true,
};

describe('client onboarding schema', () => {
  it('accepts the defaults plus the required fields', () => {
    const parsed = clientOnboardingSchema().parse(valid);
    expect(parsed.projectType).toBe('new-website');
    expect(parsed.domainStatus).toBe('need-new');
  });

  it('uses the exact spec messages', () => {
    expect(
      formErrors({
        ...valid,
        fullName: 'A',
        email: 'nope',
        businessName: 'B',
        phone: '123456',
        businessType: '',
      }),
    ).toEqual({
      fullName: 'Full name must be at least 2 characters.',
      email: 'Please enter a valid email address.',
      businessName: 'Business name must be at least 2 characters.',
      phone: 'Please enter a valid phone number.',
      businessType: 'Please select a business type.',
    });
  });

  it('accepts a website URL or an empty website, nothing else', () => {
    expect(formErrors({ ...valid, website: '' })).toEqual({});
    expect(formErrors({ ...valid, website: 'https://acme.example.com/about' })).toEqual({});
    expect(formErrors({ ...valid, website: 'acme' }).website).toBeDefined();
    expect(formErrors({ ...valid, website: 'javascript:alert(1)' }).website).toBeDefined();
  });

  it('keeps every other field optional, terms included', () => {
    const minimal = {
      fullName: 'Ad',
      email: 'a@b.co',
      businessName: 'AB',
      phone: '1234567',
      businessType: 'other',
    };
    const parsed = clientOnboardingSchema().parse(minimal);
    expect(parsed.projectType).toBe('new-website');
    expect(parsed.termsAccepted).toBeUndefined();
  });

  it('rejects values outside the option lists', () => {
    expect(formErrors({ ...valid, websiteType: 'castle' }).websiteType).toBeDefined();
    expect(formErrors({ ...valid, businessType: 'castle' }).businessType).toBe(
      'Please select a business type.',
    );
  });

  it('lists every spec option value', () => {
    expect(BUSINESS_TYPES.map((o) => o.value)).toEqual([
      'retail',
      'services',
      'restaurant',
      'health',
      'tech',
      'education',
      'nonprofit',
      'manufacturing',
      'arts',
      'real-estate',
      'finance',
      'construction',
      'other',
    ]);
    expect(PROJECT_TYPES.map((o) => o.value)).toEqual([
      'new-website',
      'website-redesign',
      'website-update',
      'e-commerce',
      'specific-feature',
    ]);
    expect(WEBSITE_TYPES).toHaveLength(9);
    expect(DOMAIN_STATUSES.map((o) => o.value)).toEqual([
      'have-domain',
      'need-new',
      'need-transfer',
      'not-sure',
    ]);
  });

  it('has the spec defaults', () => {
    expect(CLIENT_ONBOARDING_DEFAULTS).toMatchObject({
      projectType: 'new-website',
      domainStatus: 'need-new',
      hostingPreference: 'recommended',
      seoRequirements: 'basic',
      websiteAccessibility: 'standard',
      maintenancePlan: 'standard',
      contentMigration: 'none',
      analyticsTracking: 'google-analytics',
      securityRequirements: 'standard',
      termsAccepted: false,
    });
  });

  it('defaults the product to starter in the request', () => {
    expect(clientOnboardingRequestSchema().parse(valid).productId).toBe('starter');
    expect(
      clientOnboardingRequestSchema().parse({ ...valid, productId: 'advanced' }).productId,
    ).toBe('advanced');
    expect(
      clientOnboardingRequestSchema().safeParse({ ...valid, productId: '<script>' }).success,
    ).toBe(false);
  });
});

describe('honeypot', () => {
  it('is a request field named apart from the real "website" field', () => {
    expect(HONEYPOT_FIELD).toBe('homepage');
    expect(HONEYPOT_FIELD in CLIENT_ONBOARDING_DEFAULTS).toBe(false);
  });

  it('is optional in the request and passed on (trimmed) for the server to drop', () => {
    expect(clientOnboardingRequestSchema().parse(valid).homepage).toBeUndefined();
    expect(clientOnboardingRequestSchema().parse({ ...valid, homepage: '' }).homepage).toBe('');
    expect(
      clientOnboardingRequestSchema().parse({ ...valid, homepage: ' http://spam.example ' })
        .homepage,
    ).toBe('http://spam.example');
  });

  it('is bounded like the contact forms’ honeypot', () => {
    const long = clientOnboardingRequestSchema().safeParse({
      ...valid,
      homepage: 'x'.repeat(HONEYPOT_MAX + 1),
    });
    expect(long.success).toBe(false);
    expect(long.error?.issues[0]?.path).toEqual(['homepage']);
  });

  it('is not part of the form’s own fields, so no stage validates it', () => {
    expect(formErrors({ ...valid })).toEqual({});
    expect(STAGES.flatMap((s) => s.fields as readonly string[])).not.toContain(HONEYPOT_FIELD);
  });
});

describe('stages', () => {
  it('validates the spec fields per stage', () => {
    expect(STAGES.map((s) => s.fields)).toEqual([
      ['fullName', 'email', 'businessName', 'phone', 'businessType'],
      ['projectType', 'websiteType'],
      ['termsAccepted'],
    ]);
    const empty = { ...CLIENT_ONBOARDING_DEFAULTS };
    expect(Object.keys(stageErrors(0, empty)).sort()).toEqual(
      ['businessName', 'businessType', 'email', 'fullName', 'phone'].sort(),
    );
    // Stage 2 only looks at its own fields, so an empty stage 1 does not block it.
    expect(stageErrors(1, empty)).toEqual({});
    expect(stageErrors(2, empty)).toEqual({ termsAccepted: TERMS_MESSAGE });
    expect(stageErrors(2, { ...empty, termsAccepted: true })).toEqual({});
  });

  it('says which stages have fields marked * (the second has none, so its note says so)', () => {
    expect([0, 1, 2].map(stageHasRequiredFields)).toEqual([true, false, true]);
  });

  it('blocks a stage on a badly filled optional field shown there', () => {
    expect(Object.keys(stageErrors(0, { ...valid, website: 'nope' }))).toEqual(['website']);
  });
});
