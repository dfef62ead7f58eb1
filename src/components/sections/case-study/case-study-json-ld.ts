import type { Project } from '../../../lib/portfolio';
import { siteSettings } from '../../../lib/site-settings';

interface Input {
  project: Project;
  description: string;
  url: URL;
  image: URL;
  site: URL;
}

export function caseStudyJsonLd({ project, description, url, image, site }: Input) {
  const { data } = project;
  const agency = { '@type': 'Organization', name: siteSettings.name, url: site.toString() };
  const crumbs = [
    ['Home', new URL('/', site)],
    ['Portfolio', new URL('/portfolio', site)],
    [data.name, url],
  ] as const;
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'CreativeWork',
      name: `${data.name} case study`,
      headline: data.outcome,
      description,
      url: url.toString(),
      image: image.toString(),
      keywords: data.tags.join(', '),
      creator: agency,
      about: { '@type': 'Organization', name: data.name, url: data.url, description: data.client },
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: crumbs.map(([name, item], i) => ({
        '@type': 'ListItem',
        position: i + 1,
        name,
        item: item.toString(),
      })),
    },
  ];
}
