/**
 * A client onboarding form (/client-onboarding) as a visitor fills it in: every required field
 * with a valid answer. Free of imports, so scripts that drive a running site can use it too.
 */
export const CLIENT_ONBOARDING_FORM = {
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  businessName: 'Acme Bakery',
  phone: '555-0142',
  businessType: 'restaurant',
  website: '',
  projectType: 'new-website',
  websiteType: 'brochure',
  brandStyle: 'modern',
  termsAccepted: true,
};
