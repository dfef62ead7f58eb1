/**
 * Every content collection the marketing team edits, in one place. Objects are strict, so a
 * misspelt YAML key fails the build instead of silently vanishing from the page.
 */
import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { z } from 'astro/zod';

const iconName = z
  .enum([
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
  ])
  .describe('An icon from src/components/ui/icons.ts');

const link = z.strictObject({
  label: z.string().min(1).describe('Text shown to visitors'),
  href: z.string().min(1).describe('A site path such as /about, a #fragment, or a full URL'),
});

/** Header menu, footer lists and legal links. */
const navigation = defineCollection({
  loader: file('src/content/navigation.yaml'),
  schema: z.strictObject({
    links: z.array(
      link.extend({
        reduced: z
          .boolean()
          .default(false)
          .describe('Also shown in the reduced menu on medium-width screens'),
      }),
    ),
  }),
});

/** Service cards (Services page, home page, footer). */
const services = defineCollection({
  loader: file('src/content/services.yaml'),
  schema: z.strictObject({
    anchor: z
      .string()
      .regex(/^[a-z-]+$/)
      .describe('Section id the footer scrolls to, e.g. web-dev'),
    order: z.number().int(),
    icon: iconName,
    color: z.enum(['primary', 'secondary', 'accent']),
    title: z.string(),
    description: z.string(),
    features: z.array(z.string()).length(5).describe('Exactly five features'),
    detailed: z.boolean().default(false).describe('Shown on the home page when true'),
  }),
});

/** Client showcase cards on /portfolio. */
const portfolio = defineCollection({
  loader: file('src/content/portfolio.yaml'),
  schema: ({ image }) =>
    z.strictObject({
      order: z.number().int(),
      name: z.string(),
      url: z.url().describe('The live client site'),
      description: z.string(),
      tags: z.array(z.string()).min(1),
      image: image().describe('Screenshot in src/assets/portfolio'),
      imageAlt: z.string().min(1),
    }),
});

/** FAQ groups: one YAML file per page, e.g. src/content/faqs/products.yaml. */
const faqs = defineCollection({
  loader: glob({ pattern: '*.yaml', base: 'src/content/faqs' }),
  schema: z.strictObject({
    title: z.string().default('Frequently Asked Questions'),
    items: z
      .array(z.strictObject({ question: z.string().min(1), answer: z.string().min(1) }))
      .min(1),
  }),
});

/** Testimonial groups: one YAML file per page. */
const testimonials = defineCollection({
  loader: glob({ pattern: '*.yaml', base: 'src/content/testimonials' }),
  schema: z.strictObject({
    items: z
      .array(
        z.strictObject({
          name: z.string(),
          role: z.string(),
          content: z.string(),
          rating: z.number().min(1).max(5).multipleOf(0.5),
        }),
      )
      .min(1),
  }),
});

/** Stat rows: one YAML file per group (home, about, ...). */
const stats = defineCollection({
  loader: glob({ pattern: '*.yaml', base: 'src/content/stats' }),
  schema: z.strictObject({
    items: z.array(z.strictObject({ value: z.string(), label: z.string() })).min(1),
  }),
});

/**
 * Card groups: one YAML file per list of titled cards on a content page (approach, process
 * steps, phases, open roles, ...), e.g. src/content/cards/how-it-works-process.yaml.
 */
const cards = defineCollection({
  loader: glob({ pattern: '*.yaml', base: 'src/content/cards' }),
  schema: z.strictObject({
    title: z.string().describe('Section heading'),
    intro: z.string().optional().describe('Lead paragraph under the heading'),
    items: z
      .array(
        z.strictObject({
          title: z.string().min(1),
          description: z.string().min(1),
          icon: iconName.optional(),
          color: z.enum(['primary', 'secondary', 'accent']).default('primary'),
          meta: z.string().optional().describe('A short label such as a duration or location'),
          points: z.array(z.string()).optional().describe('Optional bullet points'),
        }),
      )
      .min(1),
  }),
});

/** People shown on the About page (Meet Our Founder). */
const team = defineCollection({
  loader: file('src/content/team.yaml'),
  schema: ({ image }) =>
    z.strictObject({
      name: z.string(),
      role: z.string(),
      bio: z.array(z.string().min(1)).min(1).describe('Biography, one paragraph per entry'),
      avatar: image().describe(
        'Portrait in src/assets/team; a letter is shown if it fails to load',
      ),
      avatarAlt: z.string().min(1),
      social: z.array(link).describe('Profile links, opened in a new tab'),
    }),
});

/** Per-page copy: SEO title and description plus the page's prose in Markdown. */
const pages = defineCollection({
  loader: glob({ pattern: '**/*.md', base: 'src/content/pages' }),
  schema: z.strictObject({
    title: z.string().max(70).describe('<title>, unique per page'),
    description: z.string().min(50).max(170).describe('Meta description, unique per page'),
    eyebrow: z.string().optional(),
    heading: z.string().describe('The page h1'),
    intro: z.string().describe('Lead paragraph under the h1'),
  }),
});

export const collections = {
  navigation,
  services,
  portfolio,
  faqs,
  testimonials,
  stats,
  cards,
  team,
  pages,
};
