import { emailAddress, onFirstUse, requiredText as boundedText, z } from '../../lib/zod-mini';
import { canonicalId, findItem } from '../catalogue/catalogue';

const tooLong = (max: number) => `Please keep this under ${max} characters`;

export const requiredText = (min: number, message: string, max: number) =>
  boundedText(min, max, message, tooLong(max));

export const optionalText = (max: number) =>
  z.optional(z.string().check(z.trim(), z.maxLength(max, tooLong(max))));

export const emailField = (message: string) => emailAddress(message);

/** The server accepts only logo URLs of this shape, for the same order. */
export const LOGO_URL_PATTERN = /^\/api\/onboarding\/logo\/(\d+)\/([A-Za-z0-9_-]{8,64})$/;

export function logoUrlFor(orderId: number, key: string): string {
  return `/api/onboarding/logo/${orderId}/${key}`;
}

export const businessInfoSchema = onFirstUse(() =>
  z.object({
    businessName: requiredText(2, 'Business name is required', 200),
    industry: requiredText(2, 'Industry is required', 200),
    contactName: requiredText(2, 'Contact name is required', 200),
    email: emailField('Invalid email address'),
    phone: requiredText(7, 'Phone number is required', 40),
    website: optionalText(300),
    description: requiredText(10, 'Please provide a brief description of your business', 5000),
    logoUrl: z.optional(
      z.union([
        z.literal(''),
        z.string().check(z.regex(LOGO_URL_PATTERN, 'Please upload the logo again')),
      ]),
    ),
    logoFile: optionalText(255),
  }),
);

export const projectDetailsSchema = onFirstUse(() =>
  z.object({
    goals: requiredText(10, 'Please describe your project goals', 5000),
    targetAudience: requiredText(5, 'Target audience is required', 2000),
    keyFeatures: requiredText(10, 'Please list key features you need', 5000),
    timeline: requiredText(5, 'Timeline information is required', 500),
    competitors: optionalText(2000),
  }),
);

export const designPreferencesSchema = onFirstUse(() =>
  z.object({
    colorPreferences: optionalText(1000),
    stylePreferences: requiredText(5, 'Style preferences are required', 2000),
    logoUpload: z.optional(z.boolean()),
    inspirationalWebsites: optionalText(2000),
    additionalNotes: optionalText(5000),
  }),
);

export type BusinessInfo = z.output<ReturnType<typeof businessInfoSchema>>;
export type ProjectDetails = z.output<ReturnType<typeof projectDetailsSchema>>;
export type DesignPreferences = z.output<ReturnType<typeof designPreferencesSchema>>;

type Filled<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };
export type WizardValues = {
  businessInfo: Filled<BusinessInfo>;
  projectDetails: Filled<ProjectDetails>;
  designPreferences: Filled<DesignPreferences>;
};

export const EMPTY_ANSWERS: WizardValues = {
  businessInfo: {
    businessName: '',
    industry: '',
    contactName: '',
    email: '',
    phone: '',
    website: '',
    description: '',
    logoUrl: '',
    logoFile: '',
  },
  projectDetails: { goals: '', targetAudience: '', keyFeatures: '', timeline: '', competitors: '' },
  designPreferences: {
    colorPreferences: '',
    stylePreferences: '',
    logoUpload: false,
    inspirationalWebsites: '',
    additionalNotes: '',
  },
};

export const STEP_KEYS = ['businessInfo', 'projectDetails', 'designPreferences'] as const;
export type StepKey = (typeof STEP_KEYS)[number];

/** Each step's schema, built on first use (call it). */
export const STEP_SCHEMAS = {
  businessInfo: businessInfoSchema,
  projectDetails: projectDetailsSchema,
  designPreferences: designPreferencesSchema,
} as const;

export const STEP_ENDPOINTS: Record<StepKey, { path: string; saved: string; button: string }> = {
  businessInfo: {
    path: '/api/onboarding/business-info',
    saved: 'Your business information has been saved successfully.',
    button: 'Continue to Project Details',
  },
  projectDetails: {
    path: '/api/onboarding/project-details',
    saved: 'Your project details have been saved successfully.',
    button: 'Continue to Design Preferences',
  },
  designPreferences: {
    path: '/api/onboarding/design-preferences',
    saved: 'Your design preferences have been saved successfully.',
    button: 'Complete Onboarding',
  },
};

/** Order ids are Postgres `serial`s: anything above its range names no order. */
const MAX_ORDER_ID = 2_147_483_647;

export const stepRequestSchema = <T extends z.ZodMiniType>(data: T) =>
  z.object({
    orderId: z.pipe(
      z.coerce.number({ error: 'Invalid order' }),
      z
        .int({ error: 'Invalid order' })
        .check(z.positive('Invalid order'), z.maximum(MAX_ORDER_ID, 'Invalid order')),
    ),
    data,
  });

export type OnboardingKind = 'website' | 'social' | 'agent';

export const STEP_TITLES: Record<OnboardingKind, readonly [string, string, string]> = {
  website: ['Business Information', 'Website Requirements', 'Design Preferences'],
  social: ['Business Information', 'Social Media Goals', 'Content Preferences'],
  agent: ['Business Information', 'Service Requirements', 'Integration Setup'],
};

export type OnboardingProduct = {
  slug: 'starter' | 'advanced' | 'social-media' | 'ai-agent';
  productId: string;
  name: string;
  description: string;
  kind: OnboardingKind;
};

export const ONBOARDING_PRODUCTS: Record<OnboardingProduct['slug'], OnboardingProduct> = {
  starter: {
    slug: 'starter',
    productId: 'starter',
    name: 'Starter Website Package',
    description:
      'Tell us about your business and what your 5-page website should do, and we will start building it right away.',
    kind: 'website',
  },
  advanced: {
    slug: 'advanced',
    productId: 'advanced',
    name: 'Advanced Website Package',
    description:
      'Tell us about your business, your online store and the look you want, so we can plan your site and shop.',
    kind: 'website',
  },
  'social-media': {
    slug: 'social-media',
    productId: 'social-media-empire',
    name: 'Social Media Empire Digital Agent',
    description:
      'Tell us about your brand, your audience and the content you like, so your agent can start publishing.',
    kind: 'social',
  },
  'ai-agent': {
    slug: 'ai-agent',
    productId: 'lily-ai',
    name: 'Lily AI Customer Service Agent',
    description:
      'Tell us about your business, the questions Lily should answer and the tools she should connect to.',
    kind: 'agent',
  },
};

export const DEFAULT_ONBOARDING_PRODUCT = ONBOARDING_PRODUCTS.starter;

type OnboardingRoute = {
  product: OnboardingProduct;
  /** True when the path named the product (onboarding-<slug>); false for the generic /onboarding. */
  explicit: boolean;
  orderId: number | null;
};

const ROUTE_PATTERN = /^\/onboarding(?:-([a-z-]+))?(?:\/([^/]*))?\/?$/;

export function parseOnboardingPath(pathname: string): OnboardingRoute | null {
  const match = ROUTE_PATTERN.exec(pathname);
  if (!match) return null;
  const [, slug, idSegment] = match;
  let product = DEFAULT_ONBOARDING_PRODUCT;
  if (slug !== undefined) {
    const named = ONBOARDING_PRODUCTS[slug as OnboardingProduct['slug']];
    if (!named) return null;
    product = named;
  }
  return { product, explicit: slug !== undefined, orderId: parseOrderId(idSegment) };
}

export function parseOrderId(segment: string | undefined | null): number | null {
  if (!segment || !/^[1-9]\d{0,9}$/.test(segment)) return null;
  const id = Number(segment);
  return Number.isSafeInteger(id) && id <= MAX_ORDER_ID ? id : null;
}

// The order's product once known, so a Lily order opened under /onboarding-starter/{id} still
// asks Lily's questions; else the path's.
export function productForOrder(
  route: OnboardingRoute,
  orderProductId?: string,
): OnboardingProduct {
  if (!orderProductId) return route.product;
  const id = canonicalId(orderProductId);
  if (id === 'starter' || id === 'advanced') return ONBOARDING_PRODUCTS[id];
  if (id === 'social-empire') return ONBOARDING_PRODUCTS['social-media'];
  if (findItem(id)?.type === 'agent') return ONBOARDING_PRODUCTS['ai-agent'];
  return route.product;
}

export function boughtProductName(product: OnboardingProduct, orderProductId?: string): string {
  return (orderProductId && findItem(canonicalId(orderProductId))?.name) || product.name;
}

export function misroutedOrderPath(
  route: OnboardingRoute,
  order: { id: number; productId: string },
): string | null {
  if (!route.explicit) return null;
  const own = productForOrder(route, order.productId);
  return own.slug === route.product.slug ? null : `/onboarding-${own.slug}/${order.id}`;
}

type SavedSteps = Partial<Record<StepKey, unknown>> & { completed?: boolean };

/** Index of the first unsaved step, or 3 when all are saved or onboarding is complete. */
export function firstUnsavedStep(saved: SavedSteps | null | undefined): number {
  if (!saved) return 0;
  if (saved.completed) return STEP_KEYS.length;
  const index = STEP_KEYS.findIndex((key) => saved[key] == null);
  return index === -1 ? STEP_KEYS.length : index;
}

export type OnboardingStatus = 'not-started' | 'in-progress' | 'completed';

export function onboardingStatus(saved: SavedSteps | null | undefined): OnboardingStatus {
  const step = firstUnsavedStep(saved);
  if (step === STEP_KEYS.length) return 'completed';
  return step === 0 ? 'not-started' : 'in-progress';
}

// Steps are saved in order, so the steps done are those before the first unsaved one.
export type OnboardingProgress = {
  status: OnboardingStatus;
  stepsDone: number;
  totalSteps: number;
  completed: boolean;
};

export function onboardingProgress(saved: SavedSteps | null | undefined): OnboardingProgress {
  return {
    status: onboardingStatus(saved),
    stepsDone: firstUnsavedStep(saved),
    totalSteps: STEP_KEYS.length,
    completed: Boolean(saved?.completed),
  };
}

export const ONBOARDING_STATUS_LABEL: Record<OnboardingStatus, string> = {
  'not-started': 'Onboarding not started',
  'in-progress': 'Onboarding in progress',
  completed: 'Onboarding complete',
};

/** Delay between "Onboarding Complete!" and the redirect to the dashboard link (spec §9). */
export const REDIRECT_DELAY_MS = 3000;

/** Where the wizard may send the browser: a same-site path or an https URL, else /dashboard. */
export function safeRedirect(url: unknown): string {
  if (typeof url !== 'string') return '/dashboard';
  if (url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')) return url;
  try {
    return new URL(url).protocol === 'https:' ? url : '/dashboard';
  } catch {
    return '/dashboard';
  }
}
