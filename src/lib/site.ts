import { getEntry } from 'astro:content';

export async function getLinks(id: 'header' | 'footer-services' | 'footer-company' | 'legal') {
  const entry = await getEntry('navigation', id);
  if (!entry) throw new Error(`src/content/navigation/${id}.yaml is missing`);
  return entry.data.links;
}

export async function getFaqs(group: string) {
  const entry = await getEntry('faqs', group);
  if (!entry) throw new Error(`src/content/faqs/${group}.yaml is missing`);
  return entry.data;
}

export async function getTestimonials(group: string) {
  const entry = await getEntry('testimonials', group);
  if (!entry) throw new Error(`src/content/testimonials/${group}.yaml is missing`);
  return entry.data.items;
}

export async function getStats(group: string) {
  const entry = await getEntry('stats', group);
  if (!entry) throw new Error(`src/content/stats/${group}.yaml is missing`);
  return entry.data.items;
}

export async function getCards(group: string) {
  const entry = await getEntry('cards', group);
  if (!entry) throw new Error(`src/content/cards/${group}.yaml is missing`);
  return entry.data;
}

export async function getPerson(id: string) {
  const entry = await getEntry('team', id);
  if (!entry) throw new Error(`src/content/team/${id}.yaml is missing`);
  return entry.data;
}

export async function getPage(id: string) {
  const entry = await getEntry('pages', id);
  if (!entry) throw new Error(`src/content/pages/${id}.md is missing`);
  return entry;
}
