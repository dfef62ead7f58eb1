/**
 * The /client-onboarding form: every field and option list of the spec (post-purchase §3),
 * the defaults, the stages and the zod schema shared by the island and POST /api/clients/onboarding.
 * Browser-safe: no server imports here.
 *
 * Honeypot, as on the contact and meeting forms (see src/features/contact/contact.ts): the
 * form carries a field hidden from people and from assistive technology. Browsers' autofill
 * and people never fill it; naive bots do. The server answers a filled honeypot exactly like
 * a success but stores, sends and creates nothing, so a bot learns nothing from the response.
 * It is named "homepage", not "website" as on the contact forms, because "website" is a real
 * field here (the client's current website).
 */
import { HONEYPOT_MAX, onFirstUse, withDefault, z } from '../../lib/zod-mini';
import { emailField, optionalText, requiredText } from '../order-onboarding/order-onboarding';

function options<const V extends string>(
  entries: readonly (readonly [V, string])[],
): { value: V; label: string }[] {
  return entries.map(([value, label]) => ({ value, label }));
}

export const BUSINESS_TYPES = options([
  ['retail', 'Retail & e-commerce'],
  ['services', 'Professional services'],
  ['restaurant', 'Restaurant & hospitality'],
  ['health', 'Health & wellness'],
  ['tech', 'Technology'],
  ['education', 'Education & training'],
  ['nonprofit', 'Non-profit'],
  ['manufacturing', 'Manufacturing'],
  ['arts', 'Arts & entertainment'],
  ['real-estate', 'Real estate'],
  ['finance', 'Finance & insurance'],
  ['construction', 'Construction & trades'],
  ['other', 'Other'],
]);

export const YEARS_IN_BUSINESS = options([
  ['new', 'Just starting out'],
  ['1-2', '1–2 years'],
  ['3-5', '3–5 years'],
  ['6-10', '6–10 years'],
  ['11-20', '11–20 years'],
  ['21+', 'More than 20 years'],
]);

export const PROJECT_TYPES = options([
  ['new-website', 'A new website'],
  ['website-redesign', 'Redesign of my current website'],
  ['website-update', 'Updates to my current website'],
  ['e-commerce', 'An online store'],
  ['specific-feature', 'A specific feature or integration'],
]);

export const PROJECT_BUDGETS = options([
  ['under-1000', 'Under $1,000'],
  ['1000-2500', '$1,000 – $2,500'],
  ['2500-5000', '$2,500 – $5,000'],
  ['5000-10000', '$5,000 – $10,000'],
  ['10000+', 'More than $10,000'],
  ['not-sure', 'Not sure yet'],
]);

export const TIMELINES = options([
  ['asap', 'As soon as possible'],
  ['1-month', 'Within a month'],
  ['1-3-months', '1–3 months'],
  ['3-6-months', '3–6 months'],
  ['6-plus-months', 'More than 6 months'],
  ['flexible', 'Flexible'],
]);

export const REFERRAL_SOURCES = options([
  ['search', 'Search engine'],
  ['social', 'Social media'],
  ['referral', 'Referral from someone I know'],
  ['advertisement', 'Advertisement'],
  ['event', 'Event or conference'],
  ['other', 'Other'],
]);

export const WEBSITE_TYPES = options([
  ['brochure', 'Business / brochure site'],
  ['ecommerce', 'Online store'],
  ['portfolio', 'Portfolio'],
  ['blog', 'Blog or magazine'],
  ['booking', 'Booking or appointments'],
  ['membership', 'Membership site'],
  ['landing', 'Landing page'],
  ['corporate', 'Corporate site'],
  ['other', 'Other'],
]);

export const NUMBER_OF_PAGES = options([
  ['1-5', '1–5 pages'],
  ['6-10', '6–10 pages'],
  ['11-20', '11–20 pages'],
  ['20+', 'More than 20 pages'],
  ['not-sure', 'Not sure yet'],
]);

export const DOMAIN_STATUSES = options([
  ['have-domain', 'I already have a domain'],
  ['need-new', 'I need a new domain'],
  ['need-transfer', 'I need to transfer my domain'],
  ['not-sure', 'Not sure'],
]);

export const HOSTING_PREFERENCES = options([
  ['recommended', 'Your recommended hosting'],
  ['current', 'Keep my current hosting'],
  ['specific', 'A specific provider'],
  ['not-sure', 'Not sure'],
]);

export const CONTENT_CREATION = options([
  ['client-provided', 'I will provide all content'],
  ['need-creation', 'I need content written'],
  ['partial', 'I have some content and need help with the rest'],
  ['existing', 'Reuse content from my current site'],
  ['not-sure', 'Not sure'],
]);

export const IMAGE_SOURCES = options([
  ['client-provided', 'I will provide images'],
  ['stock', 'Stock photos'],
  ['custom', 'Custom photography or illustration'],
  ['mixed', 'A mix'],
  ['existing', 'Images from my current site'],
  ['not-sure', 'Not sure'],
]);

export const SEO_REQUIREMENTS = options([
  ['basic', 'Basic on-page SEO'],
  ['advanced', 'Advanced SEO'],
  ['comprehensive', 'Comprehensive SEO strategy'],
  ['none', 'No SEO needed'],
  ['not-sure', 'Not sure'],
]);

export const ACCESSIBILITY_LEVELS = options([
  ['standard', 'Standard accessibility'],
  ['ada', 'ADA compliance'],
  ['wcag-a', 'WCAG level A'],
  ['wcag-aa', 'WCAG level AA'],
  ['wcag-aaa', 'WCAG level AAA'],
  ['not-sure', 'Not sure'],
]);

export const MAINTENANCE_PLANS = options([
  ['none', 'No maintenance plan'],
  ['basic', 'Basic maintenance'],
  ['standard', 'Standard maintenance'],
  ['premium', 'Premium maintenance'],
  ['not-sure', 'Not sure'],
]);

export const CONTENT_MIGRATION = options([
  ['none', 'No migration'],
  ['basic', 'A few pages'],
  ['full', 'All pages and posts'],
  ['complex', 'Complex migration (store, members, data)'],
  ['not-sure', 'Not sure'],
]);

export const ANALYTICS_TRACKING = options([
  ['google-analytics', 'Google Analytics'],
  ['facebook-pixel', 'Facebook Pixel'],
  ['multiple', 'Several tracking tools'],
  ['custom', 'Custom tracking'],
  ['none', 'No tracking'],
  ['not-sure', 'Not sure'],
]);

export const SECURITY_REQUIREMENTS = options([
  ['standard', 'Standard security'],
  ['enhanced', 'Enhanced security'],
  ['advanced', 'Advanced security'],
  ['custom', 'Custom requirements'],
  ['not-sure', 'Not sure'],
]);

export const BRAND_STYLES = options([
  ['modern', 'Modern and minimal'],
  ['corporate', 'Corporate and professional'],
  ['creative', 'Creative and artistic'],
  ['luxurious', 'Luxurious and elegant'],
  ['playful', 'Playful and friendly'],
  ['technological', 'Technological'],
  ['traditional', 'Traditional and classic'],
  ['other', 'Other'],
]);

export const EXISTING_ASSETS = options([
  ['logo-only', 'A logo only'],
  ['logo-colors', 'A logo and brand colours'],
  ['style-guide', 'A full style guide'],
  ['none', 'Nothing yet'],
  ['other', 'Other'],
]);

type Values<T extends { value: string }[]> = T[number]['value'];
const values = <T extends { value: string }[]>(list: T) =>
  list.map((o) => o.value) as [Values<T>, ...Values<T>[]];

/** An optional choice: one of the list's values, or empty when nothing was picked. */
const choice = <T extends { value: string }[]>(list: T) =>
  z.optional(z.union([z.enum(values(list)), z.literal('')]));

const CHOICE_MESSAGE = 'Please choose one of the listed options.';

const WEBSITE_URL_MESSAGE = 'Please enter a valid website address, starting with https://';

export const clientOnboardingSchema = onFirstUse(() =>
  z.object({
    // Stage 1: Business Information
    fullName: requiredText(2, 'Full name must be at least 2 characters.', 200),
    email: emailField('Please enter a valid email address.'),
    businessName: requiredText(2, 'Business name must be at least 2 characters.', 200),
    phone: requiredText(7, 'Please enter a valid phone number.', 40),
    businessType: z.enum(values(BUSINESS_TYPES), { error: 'Please select a business type.' }),
    website: z.optional(
      z.union([
        z.literal(''),
        z.pipe(
          z.string().check(z.trim(), z.maxLength(300, WEBSITE_URL_MESSAGE)),
          z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: WEBSITE_URL_MESSAGE }),
        ),
      ]),
    ),
    yearsInBusiness: choice(YEARS_IN_BUSINESS),
    businessDescription: optionalText(5000),
    productsServices: optionalText(5000),
    // Stage 2: Project Requirements
    projectType: withDefault(
      z.enum(values(PROJECT_TYPES), { error: CHOICE_MESSAGE }),
      'new-website',
    ),
    projectBudget: choice(PROJECT_BUDGETS),
    timeline: choice(TIMELINES),
    targetAudience: optionalText(2000),
    competitors: optionalText(2000),
    projectNotes: optionalText(5000),
    goalsObjectives: optionalText(5000),
    websiteType: choice(WEBSITE_TYPES),
    numberOfPages: choice(NUMBER_OF_PAGES),
    requiredPages: optionalText(2000),
    contentCreation: choice(CONTENT_CREATION),
    imageSource: choice(IMAGE_SOURCES),
    functionalRequirements: optionalText(5000),
    integrationRequirements: optionalText(5000),
    domainStatus: choice(DOMAIN_STATUSES),
    hostingPreference: choice(HOSTING_PREFERENCES),
    seoRequirements: choice(SEO_REQUIREMENTS),
    websiteAccessibility: choice(ACCESSIBILITY_LEVELS),
    maintenancePlan: choice(MAINTENANCE_PLANS),
    contentMigration: choice(CONTENT_MIGRATION),
    analyticsTracking: choice(ANALYTICS_TRACKING),
    securityRequirements: choice(SECURITY_REQUIREMENTS),
    // Stage 3: Final Details
    colorPreferences: optionalText(1000),
    brandStyle: choice(BRAND_STYLES),
    existingAssets: choice(EXISTING_ASSETS),
    inspirationalWebsites: optionalText(2000),
    designDislikes: optionalText(2000),
    additionalRequirements: optionalText(5000),
    referralSource: choice(REFERRAL_SOURCES),
    questions: optionalText(5000),
    // Checked by stage 3 of the form; optional in the schema (spec §5).
    termsAccepted: z.optional(z.boolean()),
  }),
);

type ClientOnboardingInput = z.input<ReturnType<typeof clientOnboardingSchema>>;
export type FieldName = keyof ClientOnboardingInput;

/** The honeypot's field name (see above) and longest accepted value (the contact forms' limit). */
export const HONEYPOT_FIELD = 'homepage';
export { HONEYPOT_MAX };

/**
 * The request body of POST /api/clients/onboarding: the form plus the product (default
 * starter) and the honeypot, which the island sends only when something filled it.
 */
export const clientOnboardingRequestSchema = onFirstUse(() =>
  z.extend(clientOnboardingSchema(), {
    productId: withDefault(
      z.string().check(z.trim(), z.regex(/^[a-z0-9-]{1,64}$/, 'Unknown product')),
      'starter',
    ),
    [HONEYPOT_FIELD]: optionalText(HONEYPOT_MAX),
  }),
);

export type ClientOnboardingRequest = z.output<ReturnType<typeof clientOnboardingRequestSchema>>;

/** What the form starts with (spec defaults: project type new-website, need-new domain, ...). */
export const CLIENT_ONBOARDING_DEFAULTS = {
  fullName: '',
  email: '',
  businessName: '',
  phone: '',
  businessType: '',
  website: '',
  yearsInBusiness: '',
  businessDescription: '',
  productsServices: '',
  projectType: 'new-website',
  projectBudget: '',
  timeline: '',
  targetAudience: '',
  competitors: '',
  projectNotes: '',
  goalsObjectives: '',
  websiteType: '',
  numberOfPages: '',
  requiredPages: '',
  contentCreation: '',
  imageSource: '',
  functionalRequirements: '',
  integrationRequirements: '',
  domainStatus: 'need-new',
  hostingPreference: 'recommended',
  seoRequirements: 'basic',
  websiteAccessibility: 'standard',
  maintenancePlan: 'standard',
  contentMigration: 'none',
  analyticsTracking: 'google-analytics',
  securityRequirements: 'standard',
  colorPreferences: '',
  brandStyle: '',
  existingAssets: '',
  inspirationalWebsites: '',
  designDislikes: '',
  additionalRequirements: '',
  referralSource: '',
  questions: '',
  termsAccepted: false,
} satisfies Record<FieldName, string | boolean>;

export type ClientOnboardingValues = {
  [K in FieldName]: (typeof CLIENT_ONBOARDING_DEFAULTS)[K] extends boolean ? boolean : string;
};

export const STAGES = [
  {
    title: 'Business Information',
    fields: ['fullName', 'email', 'businessName', 'phone', 'businessType'],
  },
  { title: 'Project Requirements', fields: ['projectType', 'websiteType'] },
  { title: 'Final Details', fields: ['termsAccepted'] },
] as const satisfies readonly { title: string; fields: readonly FieldName[] }[];

export const STAGE_COUNT = STAGES.length;

export const TERMS_MESSAGE =
  'Please confirm the information and authorize us to create your account.';

export const VALIDATION_NOTICE = {
  title: 'Validation Error',
  description: 'Please fill in all required fields correctly before proceeding.',
} as const;

export type FieldErrors = Partial<Record<FieldName, string>>;

/** First error message per field for the whole form. */
export function formErrors(values: Partial<ClientOnboardingValues>): FieldErrors {
  const result = clientOnboardingSchema().safeParse(values);
  const errors: FieldErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0] as FieldName | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/**
 * Errors that block leaving stage `index` (0-based): the stage's own fields (spec §4), plus
 * any other field on that stage the visitor filled in badly (e.g. a malformed website address),
 * and the terms checkbox on the last stage.
 */
export function stageErrors(
  index: number,
  values: Partial<ClientOnboardingValues>,
  stageOf = fieldStage,
): FieldErrors {
  const all = formErrors(values);
  const errors: FieldErrors = {};
  for (const [field, message] of Object.entries(all) as [FieldName, string][]) {
    if (stageOf(field) === index) errors[field] = message;
  }
  if (index === STAGE_COUNT - 1 && values.termsAccepted !== true)
    errors.termsAccepted = TERMS_MESSAGE;
  return errors;
}

/** Whether a stage has a field the visitor must fill (marked *): an empty form fails there. */
export function stageHasRequiredFields(index: number): boolean {
  return Object.keys(stageErrors(index, CLIENT_ONBOARDING_DEFAULTS)).length > 0;
}

/** Which stage (0-based) shows a field. */
function fieldStage(field: FieldName): number {
  return FIELD_STAGE[field];
}

const FIELD_STAGE: Record<FieldName, number> = {
  fullName: 0,
  email: 0,
  businessName: 0,
  phone: 0,
  businessType: 0,
  website: 0,
  yearsInBusiness: 0,
  businessDescription: 0,
  productsServices: 0,
  projectType: 1,
  projectBudget: 1,
  timeline: 1,
  targetAudience: 1,
  competitors: 1,
  projectNotes: 1,
  goalsObjectives: 1,
  websiteType: 1,
  numberOfPages: 1,
  requiredPages: 1,
  contentCreation: 1,
  imageSource: 1,
  functionalRequirements: 1,
  integrationRequirements: 1,
  domainStatus: 1,
  hostingPreference: 1,
  seoRequirements: 1,
  websiteAccessibility: 1,
  maintenancePlan: 1,
  contentMigration: 1,
  analyticsTracking: 1,
  securityRequirements: 1,
  colorPreferences: 2,
  brandStyle: 2,
  existingAssets: 2,
  inspirationalWebsites: 2,
  designDislikes: 2,
  additionalRequirements: 2,
  referralSource: 2,
  questions: 2,
  termsAccepted: 2,
};

/** The answer of POST /api/clients/onboarding (spec §7). */
export type ClientOnboardingResponse = {
  redirectUrl: string | null;
  tempPassword: string | null;
  locationId: string | null;
  simulated: boolean;
};

export const SUBMIT_ERROR_FALLBACK = 'There was an error processing your submission.';

/**
 * What /client-onboarding says when the confirmation link sends the browser back
 * (`?account=…`, see netlify/functions/clients-onboarding-confirm.mts).
 */
export const CONFIRM_OUTCOMES = {
  ready: {
    title: 'Your e-mail address is confirmed',
    text: 'We created your client portal account and e-mailed your login details to that address.',
  },
  pending: {
    title: 'Your e-mail address is confirmed',
    text: 'Our team is setting up your marketing platform account and will email your login details shortly.',
  },
  invalid: {
    title: 'This confirmation link cannot be used',
    text: 'It is invalid, used or expired. If your login details have not arrived, write to us and we will help.',
  },
} as const;

export type ConfirmOutcome = keyof typeof CONFIRM_OUTCOMES;

export function confirmOutcome(search: string): ConfirmOutcome | null {
  const value = new URLSearchParams(search).get('account');
  return value === 'ready' || value === 'pending' || value === 'invalid' ? value : null;
}
