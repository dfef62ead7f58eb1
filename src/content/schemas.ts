// Objects are strict, so a misspelt YAML key fails the build instead of silently vanishing. Plain
// zod, no `astro:content` import: the editor at /keystatic builds its forms from these in the browser.
import { z } from 'astro/zod';
import type { IconName } from '../components/ui/icons.ts';

/** Astro's `image()` helper: a path relative to the entry's file, optimised by astro:assets. */
type ImageSchema<Image extends z.ZodType> = () => Image;

/** The icons a content card may show: the pictorial ones of the site's set (not arrows, menus). */
const CONTENT_ICONS = [
  'globe',
  'robot',
  'box',
  'megaphone',
  'chart',
  'cart',
  'plug',
  'search',
  'phone',
  'mail',
  'calendar',
  'check',
  'star',
  'sparkles',
  'shield',
  'clock',
  'users',
  'zap',
  'trending',
  'lock',
  'play',
  'target',
  'lightbulb',
  'rocket',
  'code',
  'palette',
  'headset',
  'video',
  'settings',
  'home',
] as const satisfies readonly IconName[];

const iconName = z.enum(CONTENT_ICONS).describe('An icon from the site’s icon set');

const accentColor = z
  .enum(['primary', 'secondary', 'accent'])
  .describe('Colour of the icon and border: primary (blue), secondary (violet), accent (amber)');

const link = z.strictObject({
  label: z.string().min(1).describe('Text shown to visitors'),
  href: z.string().min(1).describe('A site path such as /about, a #fragment, or a full URL'),
});

export const navigationSchema = z.strictObject({
  links: z
    .array(
      link.extend({
        reduced: z
          .boolean()
          .default(false)
          .describe('Also shown in the reduced menu on medium-width screens'),
      }),
    )
    .min(1)
    .describe('Links in the order they appear'),
});

export const serviceSchema = z.strictObject({
  title: z.string().min(1).describe('Card heading, also the footer link text'),
  anchor: z
    .string()
    .regex(/^[a-z-]+$/, 'lower-case letters and dashes only')
    .describe('Section id the footer scrolls to, e.g. web-dev'),
  order: z.int().min(1).describe('Position on the Services page, 1 first'),
  icon: iconName,
  color: accentColor,
  description: z.string().min(1).describe('One or two sentences under the heading'),
  features: z.array(z.string().min(1)).length(5).describe('Exactly five features'),
  detailed: z.boolean().default(false).describe('Shown on the home page when ticked'),
});

export const portfolioSchema = <Image extends z.ZodType>(image: ImageSchema<Image>) =>
  z.strictObject({
    name: z.string().min(1).describe('Client name, the card heading'),
    order: z.int().min(1).describe('Position on the page, 1 first'),
    url: z.url().describe('The live client site ("Visit Website")'),
    description: z.string().min(1).describe('What we built and what it achieved'),
    tags: z.array(z.string().min(1)).min(1).describe('Services used, shown as labels'),
    image: image().describe('Screenshot of the site (PNG or JPEG, about 1200 × 750)'),
    imageAlt: z.string().min(1).describe('What the screenshot shows, for screen readers'),
    client: z
      .string()
      .min(1)
      .max(80)
      .describe('Who the client is, e.g. Family dental practice, Portland'),
    outcome: z
      .string()
      .min(1)
      .max(70)
      .describe('One short result line, e.g. Online orders: a third of weekly sales'),
    brief: z.string().min(1).describe('The case study: what the client asked for, and why'),
    built: z.array(z.string().min(1)).min(2).max(6).describe('What we built, one short line each'),
    screens: z
      .array(
        z.strictObject({
          image: image().describe('A large screen of the site (PNG, 1600 wide)'),
          alt: z.string().min(1).describe('What the screen shows, for screen readers'),
        }),
      )
      .min(2)
      .max(3)
      .describe('Two or three large screens shown on the case study'),
    result: z.string().min(1).describe('What changed for the client, a short paragraph'),
    figures: z
      .array(
        z.strictObject({
          value: z.string().min(1).max(12).describe('The number as shown, e.g. +38%'),
          label: z.string().min(1).describe('What it measures'),
        }),
      )
      .max(3)
      .default([])
      .describe('Up to three result figures (optional)'),
  });

export const faqsSchema = z.strictObject({
  title: z.string().min(1).default('Frequently asked questions').describe('Section heading'),
  items: z
    .array(
      z.strictObject({
        question: z.string().min(1).describe('As a visitor would ask it'),
        answer: z.string().min(1).describe('Plain text, a few sentences'),
      }),
    )
    .min(1)
    .describe('Questions in the order shown; also published to search engines'),
});

export const testimonialsSchema = z.strictObject({
  items: z
    .array(
      z.strictObject({
        name: z.string().min(1).describe('Who said it'),
        role: z.string().min(1).describe('Their role and business, e.g. Owner, Bloom & Petal'),
        content: z.string().min(1).describe('The quote, without quotation marks'),
        rating: z.number().min(1).max(5).multipleOf(0.5).describe('Stars, 1 to 5 in halves'),
      }),
    )
    .min(1)
    .describe('Reviews in the order shown'),
});

export const statsSchema = z.strictObject({
  items: z
    .array(
      z.strictObject({
        value: z.string().min(1).describe('The number as shown, e.g. 100+ or 24/7'),
        label: z.string().min(1).describe('Read after the value, e.g. Businesses Scaled'),
      }),
    )
    .min(1)
    .describe('Figures in the order shown'),
});

export const cardsSchema = z.strictObject({
  title: z.string().min(1).describe('Section heading'),
  intro: z.string().optional().describe('Lead paragraph under the heading'),
  items: z
    .array(
      z.strictObject({
        title: z.string().min(1).describe('Card heading'),
        description: z.string().min(1).describe('Card text'),
        icon: iconName.optional(),
        color: accentColor.default('primary'),
        meta: z.string().optional().describe('A short label such as a duration or location'),
        points: z.array(z.string().min(1)).optional().describe('Optional bullet points'),
      }),
    )
    .min(1)
    .describe('Cards in the order shown'),
});

export const personSchema = <Image extends z.ZodType>(image: ImageSchema<Image>) =>
  z.strictObject({
    name: z.string().min(1).describe('Full name'),
    role: z.string().min(1).describe('Job title'),
    bio: z.array(z.string().min(1)).min(1).describe('Biography, one paragraph per entry'),
    avatar: image().describe('Portrait, square; a letter is shown if it fails to load'),
    avatarAlt: z.string().min(1).describe('What the portrait shows, for screen readers'),
    social: z.array(link).describe('Profile links, opened in a new tab'),
  });

export const pageSchema = z.strictObject({
  title: z.string().min(1).max(70).describe('Browser tab and search result title, unique per page'),
  description: z
    .string()
    .min(50)
    .max(170)
    .describe('Search result description, 50 to 170 characters, unique per page'),
  eyebrow: z.string().optional().describe('Small label above the heading'),
  heading: z.string().min(1).describe('The page’s main heading'),
  intro: z.string().min(1).describe('Lead paragraph under the heading'),
});

export const entrySchemas = <Image extends z.ZodType>(image: ImageSchema<Image>) => ({
  navigation: navigationSchema,
  services: serviceSchema,
  portfolio: portfolioSchema(image),
  faqs: faqsSchema,
  testimonials: testimonialsSchema,
  stats: statsSchema,
  cards: cardsSchema,
  team: personSchema(image),
  pages: pageSchema,
});
