/**
 * The portfolio files carry a whole case study each: the site builds /portfolio/<slug> from
 * them, so a project without its client, outcome, brief, build list, screens or result fails here.
 */
import { access } from 'node:fs/promises';
import path from 'node:path';
import { createReader } from '@keystatic/core/reader';
import { describe, expect, it } from 'vitest';
import editor from '../../keystatic.config.ts';
import { imagePath } from './keystatic-fields.ts';
import { portfolioSchema } from './schemas.ts';

const FOLDER = path.resolve(import.meta.dirname, 'portfolio');
const schema = portfolioSchema(imagePath);
const reader = createReader(path.resolve(import.meta.dirname, '../..'), editor);
// The file name (Keystatic's slug field) is not part of the entry's data.
const projects = (await reader.collections.portfolio.all()).map(({ slug, entry }) => {
  const data: Record<string, unknown> = { ...entry };
  delete data.file;
  return { slug, data: schema.parse(data) };
});
const slugs = projects.map((p) => p.slug).sort();

describe('the portfolio collection', () => {
  it('holds the six client projects, each in its own position', () => {
    expect(projects).toHaveLength(6);
    expect(new Set(projects.map((p) => p.data.order)).size).toBe(6);
  });

  it.each(slugs)('%s is a complete case study', async (slug) => {
    const { data } = projects.find((p) => p.slug === slug)!;
    expect(data.client.trim()).not.toBe('');
    expect(data.outcome.length).toBeLessThanOrEqual(70);
    expect(data.brief.length).toBeGreaterThan(120);
    expect(data.built.length).toBeGreaterThanOrEqual(2);
    expect(data.result.length).toBeGreaterThan(120);
    expect(data.screens.length).toBeGreaterThanOrEqual(2);
    expect(data.screens.length).toBeLessThanOrEqual(3);
    const alts = data.screens.map((s) => s.alt);
    expect(new Set([...alts, data.imageAlt]).size, 'every image described differently').toBe(
      alts.length + 1,
    );
    for (const { image } of [{ image: data.image }, ...data.screens]) {
      expect(String(image)).toMatch(new RegExp(`^\\.\\./\\.\\./assets/portfolio/${slug}/`));
      await expect(access(path.resolve(FOLDER, String(image)))).resolves.toBeUndefined();
    }
  });

  it('refuses a case study with one screen, or a screen without its description', () => {
    const { data } = projects[0]!;
    const [first] = data.screens;
    expect(schema.safeParse({ ...data, screens: [first] }).success).toBe(false);
    expect(
      schema.safeParse({ ...data, screens: [first, { image: first!.image, alt: '' }] }).success,
    ).toBe(false);
  });
});
