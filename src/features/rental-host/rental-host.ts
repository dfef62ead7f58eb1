import { siteSettings, youtubeEmbedUrl } from '../../lib/site-settings';
import { ANNUAL_DISCOUNT_PERCENT, ENTERPRISE_BASE_PRICE, LANDING_PLANS } from './pricing';

/** The automation service runs on its own site (settings.json); its buttons open it in a new tab. */
export const GET_STARTED_URL = siteSettings.rentalHost.signUpUrl;
export const REQUEST_DEMO_URL = siteSettings.rentalHost.demoUrl;

export const DEMO_VIDEO = {
  src: youtubeEmbedUrl(siteSettings.videos.rentalHostDemo),
  title: 'Airbnb AI demo: property photos turned into narrated videos and posted automatically',
};

export const PLATFORMS = ['Instagram', 'TikTok', 'YouTube', 'X', 'Pinterest', 'Threads'] as const;
export type Platform = (typeof PLATFORMS)[number];
/** The integrations row shows five icons and "+1 more". */
export const FEATURED_PLATFORMS = PLATFORMS.slice(0, 5);

export const PRICING_STRIP = LANDING_PLANS.map((p) => ({
  name: p.name,
  text: p.isEnterprise ? `from $${ENTERPRISE_BASE_PRICE}/month` : `$${p.price}/month`,
}));

export const HIGHLIGHTS = [
  {
    icon: 'video',
    title: '3 AI videos daily',
    text: 'Fresh, narrated videos of your property every single day.',
  },
  {
    icon: 'zap',
    title: 'Automated posting to 6 platforms',
    text: 'Published for you on Instagram, TikTok, YouTube, X, Pinterest and Threads.',
  },
  {
    icon: 'clock',
    title: 'Zero time investment',
    text: '0 hours a week after a setup that takes under 10 minutes.',
  },
] as const;

export const PLAN_TERMS = [
  `Save ${ANNUAL_DISCOUNT_PERCENT}% with annual payment`,
  'Cancel anytime',
  '30-day money-back guarantee',
] as const;

type Cell = string | boolean;
export const COMPARISON: { feature: string; starter: Cell; growth: Cell; enterprise: Cell }[] = [
  { feature: 'Videos per day', starter: '30', growth: '30', enterprise: 'Unlimited' },
  { feature: 'Platforms', starter: '2', growth: '6', enterprise: '6 + custom' },
  { feature: 'Support', starter: 'Email', growth: 'Priority', enterprise: 'Dedicated Manager' },
  { feature: 'Custom branding', starter: false, growth: true, enterprise: true },
  { feature: 'API access', starter: false, growth: true, enterprise: true },
  { feature: 'Volume discounts', starter: false, growth: false, enterprise: true },
  { feature: 'White-label', starter: false, growth: false, enterprise: true },
];

export const TRUST_BADGES = [
  { icon: 'shield', text: '30-day money-back guarantee' },
  { icon: 'lock', text: 'Secure payments' },
  { icon: 'check', text: 'Cancel anytime' },
  { icon: 'star', text: '2,500+ active hosts' },
  { icon: 'zap', text: '99.9% uptime' },
] as const;
