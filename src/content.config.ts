import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import {
  cardsSchema,
  faqsSchema,
  navigationSchema,
  pageSchema,
  personSchema,
  portfolioSchema,
  serviceSchema,
  statsSchema,
  testimonialsSchema,
} from './content/schemas.ts';

const yamlFiles = (folder: string) => glob({ pattern: '*.yaml', base: `src/content/${folder}` });

export const collections = {
  navigation: defineCollection({ loader: yamlFiles('navigation'), schema: navigationSchema }),
  services: defineCollection({ loader: yamlFiles('services'), schema: serviceSchema }),
  portfolio: defineCollection({
    loader: yamlFiles('portfolio'),
    schema: ({ image }) => portfolioSchema(image),
  }),
  faqs: defineCollection({ loader: yamlFiles('faqs'), schema: faqsSchema }),
  testimonials: defineCollection({ loader: yamlFiles('testimonials'), schema: testimonialsSchema }),
  stats: defineCollection({ loader: yamlFiles('stats'), schema: statsSchema }),
  cards: defineCollection({ loader: yamlFiles('cards'), schema: cardsSchema }),
  team: defineCollection({ loader: yamlFiles('team'), schema: ({ image }) => personSchema(image) }),
  pages: defineCollection({
    loader: glob({ pattern: '**/*.md', base: 'src/content/pages' }),
    schema: pageSchema,
  }),
};
