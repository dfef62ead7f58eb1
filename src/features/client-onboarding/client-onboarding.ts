// Honeypot "homepage" (not "website" as on the contact forms: that is a real field here): bots
// fill it, people and autofill never do; the server answers it like a success and does nothing.
import { HONEYPOT_MAX, onFirstUse, withDefault, z } from '../../lib/zod-mini';
import { emailField, optionalText, requiredText } from '../order-onboarding/order-onboarding';
import {
  BUSINESS_TYPES,
  YEARS_IN_BUSINESS,
  PROJECT_TYPES,
  PROJECT_BUDGETS,
  TIMELINES,
  REFERRAL_SOURCES,
  WEBSITE_TYPES,
  NUMBER_OF_PAGES,
  DOMAIN_STATUSES,
  HOSTING_PREFERENCES,
  CONTENT_CREATION,
  IMAGE_SOURCES,
  SEO_REQUIREMENTS,
  ACCESSIBILITY_LEVELS,
  MAINTENANCE_PLANS,
  CONTENT_MIGRATION,
  ANALYTICS_TRACKING,
  SECURITY_REQUIREMENTS,
  BRAND_STYLES,
  EXISTING_ASSETS,
} from './client-onboarding-options';

export * from './client-onboarding-options';

type Values<T extends { value: string }[]> = T[number]['value'];
const values = <T extends { value: string }[]>(list: T) =>
  list.map((o) => o.value) as [Values<T>, ...Values<T>[]];

const choice = <T extends { value: string }[]>(list: T) =>
  z.optional(z.union([z.enum(values(list)), z.literal('')]));

const CHOICE_MESSAGE = 'Please choose one of the listed options.';

const WEBSITE_URL_MESSAGE = 'Please enter a valid website address, starting with https://';

export const clientOnboardingSchema = onFirstUse(() =>
  z.object({
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

/** The honeypot is sent only when something filled it. */
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

// Spec §4: the stage's own fields, plus any other field on it filled badly (e.g. a malformed
// website address), plus the terms checkbox on the last stage.
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

// Opening the link changes nothing (mail scanners open links on arrival): only the person's
// press sends the token.
export const CONFIRM_PARAM = 'confirm';

export const confirmRequestSchema = onFirstUse(() =>
  z.object({ token: z.string().check(z.minLength(1), z.maxLength(200)) }),
);

export const CONFIRM_PROMPT = {
  title: 'Confirm your e-mail address',
  text: 'Press the button to create your client portal account with the details you sent us. Nothing is created until you do.',
  button: 'Confirm and create my account',
  busy: 'Creating your account…',
} as const;

export type ConfirmResponse = { account: ConfirmOutcome; redirectUrl: string | null };

export function confirmToken(search: string): string | null {
  const token = new URLSearchParams(search).get(CONFIRM_PARAM);
  return token && /^[\w.-]{1,200}$/.test(token) ? token : null;
}

/** Also as `?account=…` (an old link's GET: clients-onboarding-confirm.mts). */
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
