// Worded as the spec (post-purchase §3) words them: the value stored and the label shown.

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
