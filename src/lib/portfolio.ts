import { getCollection, type CollectionEntry } from 'astro:content';

export type Project = CollectionEntry<'portfolio'>;

export async function getProjects(): Promise<Project[]> {
  return (await getCollection('portfolio')).sort((a, b) => a.data.order - b.data.order);
}

export function caseStudyHref(project: Project): string {
  return `/portfolio/${project.id}`;
}
