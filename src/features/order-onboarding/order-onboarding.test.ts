import { describe, expect, it } from 'vitest';
import {
  businessInfoSchema,
  designPreferencesSchema,
  firstUnsavedStep,
  logoUrlFor,
  onboardingStatus,
  parseOnboardingPath,
  ONBOARDING_PRODUCTS,
  boughtProductName,
  misroutedOrderPath,
  productForOrder,
  projectDetailsSchema,
  STEP_TITLES,
  stepRequestSchema,
  safeRedirect,
} from './order-onboarding';

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

const validBusiness = {
  businessName: 'Acme Bakery',
  industry: 'Food',
  contactName: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '555-0142',
  description: 'A neighbourhood bakery with fresh bread daily.',
};

describe('businessInfoSchema', () => {
  it('accepts a complete business and treats website and logo as optional', () => {
    expect(businessInfoSchema().parse(validBusiness)).toEqual(validBusiness);
    const withLogo = {
      ...validBusiness,
      website: '',
      logoUrl: logoUrlFor(12, 'abcDEF123_-x'),
      logoFile: 'logo.png',
    };
    expect(businessInfoSchema().safeParse(withLogo).success).toBe(true);
  });

  it('uses the exact spec messages', () => {
    const result = businessInfoSchema().safeParse({
      businessName: 'A',
      industry: 'F',
      contactName: 'B',
      email: 'not-an-email',
      phone: '12345',
      description: 'Too short',
    });
    expect(messages(result)).toEqual({
      businessName: 'Business name is required',
      industry: 'Industry is required',
      contactName: 'Contact name is required',
      email: 'Invalid email address',
      phone: 'Phone number is required',
      description: 'Please provide a brief description of your business',
    });
  });

  it('gives the same messages when fields are missing or only whitespace', () => {
    expect(messages(businessInfoSchema().safeParse({}))).toMatchObject({
      businessName: 'Business name is required',
      email: 'Invalid email address',
    });
    expect(
      messages(businessInfoSchema().safeParse({ ...validBusiness, businessName: '   x ' })),
    ).toEqual({
      businessName: 'Business name is required',
    });
  });

  it('accepts boundary lengths (2, 7, 10 characters)', () => {
    const result = businessInfoSchema().safeParse({
      ...validBusiness,
      businessName: 'AB',
      industry: 'IT',
      contactName: 'Al',
      phone: '1234567',
      description: '0123456789',
    });
    expect(result.success).toBe(true);
  });

  it('only accepts logo URLs served by our own logo endpoint', () => {
    for (const logoUrl of [
      'https://evil.example/x.png',
      'javascript:alert(1)',
      '/api/onboarding/logo/1/../../x',
    ]) {
      expect(businessInfoSchema().safeParse({ ...validBusiness, logoUrl }).success).toBe(false);
    }
  });
});

describe('projectDetailsSchema', () => {
  it('uses the exact spec messages and leaves competitors optional', () => {
    expect(
      messages(
        projectDetailsSchema().safeParse({
          goals: 'short',
          targetAudience: 'kids',
          keyFeatures: 'few',
          timeline: 'soon',
        }),
      ),
    ).toEqual({
      goals: 'Please describe your project goals',
      targetAudience: 'Target audience is required',
      keyFeatures: 'Please list key features you need',
      timeline: 'Timeline information is required',
    });
    expect(
      projectDetailsSchema().safeParse({
        goals: 'More customers online',
        targetAudience: 'Local families',
        keyFeatures: 'Menu, online orders',
        timeline: 'Two months',
      }).success,
    ).toBe(true);
  });
});

describe('designPreferencesSchema', () => {
  it('requires style preferences with the spec message; everything else is optional', () => {
    expect(messages(designPreferencesSchema().safeParse({ stylePreferences: 'abc' }))).toEqual({
      stylePreferences: 'Style preferences are required',
    });
    expect(
      designPreferencesSchema().safeParse({ stylePreferences: 'Clean and warm' }).success,
    ).toBe(true);
    expect(
      designPreferencesSchema().safeParse({
        stylePreferences: 'Clean and warm',
        colorPreferences: 'Blue',
        logoUpload: true,
        inspirationalWebsites: 'example.com',
        additionalNotes: 'None',
      }).success,
    ).toBe(true);
  });
});

describe('stepRequestSchema', () => {
  it('requires a positive integer order id', () => {
    const schema = stepRequestSchema(designPreferencesSchema());
    expect(schema.safeParse({ orderId: 0, data: { stylePreferences: 'Clean' } }).success).toBe(
      false,
    );
    expect(
      schema.safeParse({ orderId: 'starter', data: { stylePreferences: 'Clean' } }).success,
    ).toBe(false);
    expect(schema.parse({ orderId: '7', data: { stylePreferences: 'Clean' } }).orderId).toBe(7);
  });
});

describe('product and step titles from the path', () => {
  it.each([
    ['/onboarding-starter/5', 'starter', 'Starter Website Package', STEP_TITLES.website],
    ['/onboarding-advanced/5', 'advanced', 'Advanced Website Package', STEP_TITLES.website],
    [
      '/onboarding-social-media/5',
      'social-media-empire',
      'Social Media Empire Digital Agent',
      STEP_TITLES.social,
    ],
    ['/onboarding-ai-agent/5', 'lily-ai', 'Lily AI Customer Service Agent', STEP_TITLES.agent],
    ['/onboarding/5', 'starter', 'Starter Website Package', STEP_TITLES.website],
  ])('%s → %s', (path, productId, name, titles) => {
    const route = parseOnboardingPath(path);
    expect(route?.product.productId).toBe(productId);
    expect(route?.product.name).toBe(name);
    expect(STEP_TITLES[route!.product.kind]).toEqual(titles);
    expect(route?.orderId).toBe(5);
  });

  it('has the spec step titles per product type', () => {
    expect(STEP_TITLES.website).toEqual([
      'Business Information',
      'Website Requirements',
      'Design Preferences',
    ]);
    expect(STEP_TITLES.social).toEqual([
      'Business Information',
      'Social Media Goals',
      'Content Preferences',
    ]);
    expect(STEP_TITLES.agent).toEqual([
      'Business Information',
      'Service Requirements',
      'Integration Setup',
    ]);
  });

  it('reports a missing or malformed order id as null', () => {
    expect(parseOnboardingPath('/onboarding')?.orderId).toBeNull();
    expect(parseOnboardingPath('/onboarding-starter/')?.orderId).toBeNull();
    expect(parseOnboardingPath('/onboarding/starter')?.orderId).toBeNull();
    expect(parseOnboardingPath('/onboarding/0')?.orderId).toBeNull();
    expect(parseOnboardingPath('/onboarding/99999999999')?.orderId).toBeNull();
  });

  it('rejects paths that are not wizard routes', () => {
    expect(parseOnboardingPath('/onboarding-unknown/5')).toBeNull();
    expect(parseOnboardingPath('/dashboard')).toBeNull();
  });

  it('uses the order’s product once known, on any route', () => {
    const generic = parseOnboardingPath('/onboarding/9')!;
    expect(productForOrder(generic, 'lily-ai').slug).toBe('ai-agent');
    expect(productForOrder(generic, 'social-empire').slug).toBe('social-media');
    expect(productForOrder(generic, 'advanced').slug).toBe('advanced');
    expect(productForOrder(generic, 'customer-service').slug).toBe('ai-agent');
    expect(productForOrder(generic, 'unknown-thing').slug).toBe('starter');
    expect(productForOrder(generic).slug).toBe('starter');
    const advanced = parseOnboardingPath('/onboarding-advanced/9')!;
    expect(productForOrder(advanced, 'lily-ai').slug).toBe('ai-agent');
    expect(productForOrder(advanced).slug).toBe('advanced');
  });

  it('names the product the order bought, within its wizard family', () => {
    const agent = parseOnboardingPath('/onboarding-ai-agent/9')!;
    expect(boughtProductName(productForOrder(agent, 'lily'), 'lily')).toBe('Lily AI Sales Agent');
    expect(boughtProductName(agent.product)).toBe('Lily AI Customer Service Agent');
    expect(boughtProductName(agent.product, 'no-such-product')).toBe(agent.product.name);
  });

  it('sends an order opened under another product’s route to its own route', () => {
    const starter = parseOnboardingPath('/onboarding-starter/9')!;
    expect(misroutedOrderPath(starter, { id: 9, productId: 'social-empire' })).toBe(
      '/onboarding-social-media/9',
    );
    expect(misroutedOrderPath(starter, { id: 9, productId: 'starter' })).toBeNull();
    const agent = parseOnboardingPath('/onboarding-ai-agent/9')!;
    expect(misroutedOrderPath(agent, { id: 9, productId: 'lily' })).toBeNull();
    expect(
      misroutedOrderPath(parseOnboardingPath('/onboarding/9')!, { id: 9, productId: 'lily-ai' }),
    ).toBeNull();
  });

  it('describes every product with a name and description', () => {
    for (const product of Object.values(ONBOARDING_PRODUCTS)) {
      expect(product.name.length).toBeGreaterThan(5);
      expect(product.description.length).toBeGreaterThan(20);
    }
  });
});

describe('resuming', () => {
  it('resumes at the first unsaved step', () => {
    expect(firstUnsavedStep(null)).toBe(0);
    expect(firstUnsavedStep({ businessInfo: {} })).toBe(1);
    expect(firstUnsavedStep({ businessInfo: {}, projectDetails: {} })).toBe(2);
    expect(firstUnsavedStep({ businessInfo: {}, projectDetails: {}, designPreferences: {} })).toBe(
      3,
    );
    expect(firstUnsavedStep({ completed: true })).toBe(3);
  });

  it('summarises onboarding status', () => {
    expect(onboardingStatus(undefined)).toBe('not-started');
    expect(onboardingStatus({ businessInfo: {} })).toBe('in-progress');
    expect(
      onboardingStatus({
        businessInfo: {},
        projectDetails: {},
        designPreferences: {},
        completed: true,
      }),
    ).toBe('completed');
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
