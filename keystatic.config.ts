import { collection, config, fields, singleton } from '@keystatic/core';
import { entrySchemas } from './src/content/schemas.ts';
import { fileName, formFor, imagePath } from './src/content/keystatic-fields.ts';
import { siteSettingsSchema } from './src/lib/site-settings.schema.ts';

const COLOURS = { primary: 'Blue', secondary: 'Violet', accent: 'Amber' };

const yaml = (folder: string) => ({
  path: `src/content/${folder}/*` as const,
  format: { data: 'yaml' as const },
  slugField: 'file' as const,
});

const schemas = entrySchemas(imagePath);
const settings = formFor(siteSettingsSchema);
const page = formFor(schemas.pages);
const faq = formFor(schemas.faqs);
const cardGroup = formFor(schemas.cards);
const statGroup = formFor(schemas.stats);
const reviewGroup = formFor(schemas.testimonials);
const service = formFor(schemas.services);
const project = formFor(schemas.portfolio);
const person = formFor(schemas.team);
const menu = formFor(schemas.navigation);

export default config({
  storage: import.meta.env.DEV
    ? { kind: 'local' }
    : {
        kind: 'github',
        repo: import.meta.env.PUBLIC_KEYSTATIC_GITHUB_REPO as `${string}/${string}`,
      },
  ui: {
    brand: { name: 'NovaReach Digital' },
    navigation: {
      Site: ['settings', 'pages', 'navigation'],
      Sections: ['faqs', 'cards', 'stats', 'testimonials'],
      Showcase: ['services', 'portfolio', 'team'],
    },
  },
  singletons: {
    settings: singleton({
      label: 'Site settings',
      path: 'src/content/settings',
      format: { data: 'json' },
      schema: {
        name: settings.text('name', 'Agency name'),
        tagline: settings.text('tagline', 'Tagline'),
        blurb: settings.text('blurb', 'Footer blurb', { multiline: true }),
        founded: settings.integer('founded', 'Year founded'),
        phone: settings.text('phone', 'Phone'),
        phoneHref: settings.text('phoneHref', 'Phone link'),
        lilyPhoneHref: settings.text('lilyPhoneHref', 'Lily AI phone link'),
        supportEmail: settings.text('supportEmail', 'Support e-mail'),
        salesEmail: settings.text('salesEmail', 'Sales e-mail'),
        replyPromise: settings.text('replyPromise', 'Reply promise'),
        address: settings.object('address', 'Address', (address) => ({
          street: address.text('street', 'Street'),
          locality: address.text('locality', 'City'),
          region: address.text('region', 'State or region'),
          postalCode: address.text('postalCode', 'Postal code'),
          country: address.text('country', 'Country code'),
        })),
        social: settings.list(
          'social',
          'Social profiles',
          (profile) => ({
            label: profile.text('label', 'Network'),
            href: profile.text('href', 'Profile address'),
          }),
          (p) => String(p.label || 'New profile'),
        ),
        rentalHost: settings.object('rentalHost', 'Rental-host product', (links) => ({
          signUpUrl: links.text('signUpUrl', 'Sign-up page'),
          demoUrl: links.text('demoUrl', 'Demo booking page'),
        })),
        videos: settings.object('videos', 'Videos', (videos) => ({
          lilyDemo: videos.text('lilyDemo', 'Lily AI demo (home page)'),
          rentalHostDemo: videos.text('rentalHostDemo', 'Rental-host demo (/airbnb-automation)'),
        })),
      },
    }),
  },
  collections: {
    pages: collection({
      label: 'Pages',
      path: 'src/content/pages/*',
      slugField: 'file',
      format: { contentField: 'body' },
      entryLayout: 'content',
      columns: ['heading'],
      schema: {
        file: fileName('The page it belongs to, e.g. about for /about; the site finds it by this'),
        title: page.text('title', 'Search title'),
        description: page.text('description', 'Search description', { multiline: true }),
        eyebrow: page.text('eyebrow', 'Eyebrow'),
        heading: page.text('heading', 'Heading'),
        intro: page.text('intro', 'Introduction', { multiline: true }),
        body: fields.markdoc({
          label: 'Page text',
          extension: 'md',
          // What the site's prose styles cover: no tables, code or strikethrough.
          options: {
            heading: [2, 3],
            bold: true,
            italic: true,
            link: true,
            orderedList: true,
            unorderedList: true,
            blockquote: true,
            divider: true,
            strikethrough: false,
            code: false,
            codeBlock: false,
            table: false,
            image: { directory: 'src/assets/pages', publicPath: '../../assets/pages/' },
          },
        }),
      },
    }),
    navigation: collection({
      label: 'Navigation',
      ...yaml('navigation'),
      schema: {
        file: fileName('header, footer-services, footer-company or legal'),
        links: menu.list(
          'links',
          'Links',
          (link) => ({
            label: link.text('label', 'Text'),
            href: link.text('href', 'Goes to'),
            reduced: link.checkbox('reduced', 'In the reduced menu'),
          }),
          (l) => String(l.label || 'New link'),
        ),
      },
    }),
    faqs: collection({
      label: 'FAQs',
      ...yaml('faqs'),
      schema: {
        file: fileName('The page the questions appear on, e.g. products'),
        title: faq.text('title', 'Heading'),
        items: faq.list(
          'items',
          'Questions',
          (item) => ({
            question: item.text('question', 'Question'),
            answer: item.text('answer', 'Answer', { multiline: true }),
          }),
          (q) => String(q.question || 'New question'),
        ),
      },
    }),
    cards: collection({
      label: 'Cards',
      ...yaml('cards'),
      columns: ['title'],
      schema: {
        file: fileName('The page and section, e.g. how-it-works-process'),
        title: cardGroup.text('title', 'Heading'),
        intro: cardGroup.text('intro', 'Introduction', { multiline: true }),
        items: cardGroup.list(
          'items',
          'Cards',
          (card) => ({
            title: card.text('title', 'Title'),
            description: card.text('description', 'Text', { multiline: true }),
            icon: card.select('icon', 'Icon'),
            color: card.select('color', 'Colour', COLOURS),
            meta: card.text('meta', 'Label'),
            points: card.texts('points', 'Bullet points', 'Point'),
          }),
          (c) => String(c.title || 'New card'),
        ),
      },
    }),
    stats: collection({
      label: 'Stats',
      ...yaml('stats'),
      schema: {
        file: fileName('The page the figures appear on, e.g. home'),
        items: statGroup.list(
          'items',
          'Figures',
          (stat) => ({ value: stat.text('value', 'Value'), label: stat.text('label', 'Label') }),
          (s) => `${String(s.value ?? '')} ${String(s.label ?? '')}`.trim() || 'New figure',
        ),
      },
    }),
    testimonials: collection({
      label: 'Testimonials',
      ...yaml('testimonials'),
      schema: {
        file: fileName('The page the reviews appear on, e.g. starter'),
        items: reviewGroup.list(
          'items',
          'Reviews',
          (review) => ({
            name: review.text('name', 'Name'),
            role: review.text('role', 'Role'),
            content: review.text('content', 'Quote', { multiline: true }),
            rating: review.number('rating', 'Stars'),
          }),
          (r) => String(r.name || 'New review'),
        ),
      },
    }),
    services: collection({
      label: 'Services',
      ...yaml('services'),
      columns: ['title', 'order'],
      schema: {
        file: fileName('A short name for the service, e.g. web-dev'),
        title: service.text('title', 'Title'),
        anchor: service.text('anchor', 'Anchor'),
        order: service.integer('order', 'Position'),
        icon: service.select('icon', 'Icon'),
        color: service.select('color', 'Colour', COLOURS),
        description: service.text('description', 'Description', { multiline: true }),
        features: service.texts('features', 'Features', 'Feature'),
        detailed: service.checkbox('detailed', 'On the home page'),
      },
    }),
    portfolio: collection({
      label: 'Portfolio',
      ...yaml('portfolio'),
      columns: ['name', 'order'],
      schema: {
        file: fileName('A short name for the client, e.g. harbor-street-dental'),
        name: project.text('name', 'Client'),
        order: project.integer('order', 'Position'),
        url: project.text('url', 'Website'),
        description: project.text('description', 'Description', { multiline: true }),
        tags: project.texts('tags', 'Tags', 'Tag'),
        image: project.image('image', 'Screenshot', {
          directory: 'src/assets/portfolio',
          publicPath: '../../assets/portfolio/',
        }),
        imageAlt: project.text('imageAlt', 'Screenshot description'),
        client: project.text('client', 'Who the client is'),
        outcome: project.text('outcome', 'Outcome'),
        brief: project.text('brief', 'The brief', { multiline: true }),
        built: project.texts('built', 'What we built', 'Item'),
        screens: project.list(
          'screens',
          'Screens',
          (screen) => ({
            image: screen.image('image', 'Screen', {
              directory: 'src/assets/portfolio',
              publicPath: '../../assets/portfolio/',
            }),
            alt: screen.text('alt', 'Screen description'),
          }),
          (screen) => String(screen.alt ?? 'Screen'),
        ),
        result: project.text('result', 'The result', { multiline: true }),
        figures: project.list(
          'figures',
          'Result figures',
          (figure) => ({
            value: figure.text('value', 'Figure'),
            label: figure.text('label', 'Label'),
          }),
          (figure) => `${String(figure.value ?? '')} ${String(figure.label ?? '')}`,
        ),
      },
    }),
    team: collection({
      label: 'Team',
      ...yaml('team'),
      columns: ['name', 'role'],
      schema: {
        file: fileName('founder for the founder on the About page'),
        name: person.text('name', 'Name'),
        role: person.text('role', 'Role'),
        bio: person.texts('bio', 'Biography', 'Paragraph'),
        avatar: person.image('avatar', 'Portrait', {
          directory: 'src/assets/team',
          publicPath: '../../assets/team/',
        }),
        avatarAlt: person.text('avatarAlt', 'Portrait description'),
        social: person.list(
          'social',
          'Profiles',
          (link) => ({ label: link.text('label', 'Network'), href: link.text('href', 'Address') }),
          (l) => String(l.label || 'New profile'),
        ),
      },
    }),
  },
});
