/** What every Lily AI plan card lists besides its minutes (prices live in the catalogue). */
export const LILY_PLAN_IDS = ['lily-starter', 'lily-growth', 'lily-enterprise'] as const;

export const LILY_PLAN_FEATURES: Record<(typeof LILY_PLAN_IDS)[number], string[]> = {
  'lily-starter': [
    '24/7 call and chat answering',
    'Lead qualification',
    'Appointment booking',
    'E-mail support',
  ],
  'lily-growth': [
    'Everything in Starter',
    'CRM integration',
    'Call recordings and transcripts',
    'Priority support',
  ],
  'lily-enterprise': [
    'Everything in Growth',
    'Custom voice and scripts',
    'Multiple locations and numbers',
    'Dedicated account manager',
  ],
};
