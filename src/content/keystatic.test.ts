/**
 * The editor at /keystatic and the site read the same files: these tests keep its forms
 * (keystatic.config.ts) in step with the site's schemas (schemas.ts, the settings schema) and
 * prove that everything in src/content opens in the editor and, read back through Keystatic's
 * own reader, still passes the site's schemas.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Collection, ComponentSchema } from '@keystatic/core';
import { createReader } from '@keystatic/core/reader';
import { describe, expect, it } from 'vitest';
import type { z } from 'astro/zod';
import editor from '../../keystatic.config.ts';
import { collections } from '../content.config.ts';
import { siteSettingsSchema } from '../lib/site-settings.schema.ts';
import { imagePath, innerOf, mayBeOmitted } from './keystatic-fields.ts';
import { entrySchemas } from './schemas.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
type AnyCollection = Collection<Record<string, ComponentSchema>, string>;
const COLLECTIONS = editor.collections as unknown as Record<string, AnyCollection>;
const SCHEMAS: Record<string, z.ZodType> = entrySchemas(imagePath);

type Form = Extract<ComponentSchema, { kind: 'form' }>;

/** Stored values the site and the editor might meet in a file, for every kind of field. */
const PROBES: unknown[] = [
  undefined,
  null,
  '',
  ' ',
  'x',
  'Website Development',
  'x'.repeat(71),
  'x'.repeat(171),
  'An honest description of fifty characters or more, for search results.',
  'web-dev',
  'Web Dev',
  'US',
  'usa',
  'support@agency.com',
  'not an e-mail',
  'https://agency.com/',
  'http://agency.com/',
  'tel:+12065550100',
  'tel:(206) 555-0100',
  '8mZRXg3Yh7E',
  0,
  1,
  1.5,
  2.25,
  5,
  5.5,
  2018,
  1800,
  true,
  false,
];

/** What the editor does with a stored value: refuses it, or saves it back as `stored`. */
function throughEditor(field: Form, value: unknown): { ok: false } | { ok: true; stored: unknown } {
  try {
    const parsed = (field.parse as (v: unknown, a?: unknown) => unknown)(value, undefined);
    const valid = (field.validate as (v: unknown, a?: unknown) => unknown)(parsed, undefined);
    const { value: stored } = (field.serialize as (v: unknown, a?: unknown) => { value: unknown })(
      valid,
      { suggestedFilenamePrefix: undefined, slug: undefined },
    );
    return { ok: true, stored };
  } catch {
    return { ok: false };
  }
}

/** Every difference between a schema and the editor's field for it, as readable lines. */
function differences(at: string, schema: z.ZodType, field: ComponentSchema): string[] {
  const inner = innerOf(schema);
  const type = (inner._zod.def as { type: string }).type;
  const options =
    type === 'enum' ? ((inner as unknown as { options: string[] }).options ?? []) : [];

  if (field.kind === 'object') {
    if (type !== 'object') return [`${at}: the editor has a group, the schema a ${type}`];
    const shape = (inner as z.ZodObject).shape as Record<string, z.ZodType>;
    return keyDifferences(at, shape, field.fields);
  }
  if (field.kind === 'array') {
    if (type !== 'array') return [`${at}: the editor has a list, the schema a ${type}`];
    const json = (inner as z.ZodArray<z.ZodType>).toJSONSchema() as {
      minItems?: number;
      maxItems?: number;
    };
    const length = field.validation?.length ?? {};
    const found: string[] = [];
    if ((length.min ?? 0) !== (json.minItems ?? 0) || length.max !== json.maxItems) {
      found.push(
        `${at}: the editor allows ${length.min ?? 0}..${length.max ?? '∞'} items, the schema ${json.minItems ?? 0}..${json.maxItems ?? '∞'}`,
      );
    }
    return [
      ...found,
      ...differences(`${at}[]`, (inner as z.ZodArray<z.ZodType>).element, field.element),
    ];
  }
  if (field.kind !== 'form') return [`${at}: the editor has a ${field.kind} field`];
  if (field.formKind === 'asset') {
    const required = !mayBeOmitted(schema);
    const editorRequired = throughEditor(field, undefined).ok === false;
    return required === editorRequired
      ? []
      : [`${at}: the image is ${required ? '' : 'not '}required by the schema only`];
  }
  const offered = ((field as { options?: { value: string }[] }).options ?? [])
    .map((o) => o.value)
    .filter((v) => v !== '');
  const found: string[] = [];
  for (const probe of [...PROBES, ...options, ...offered]) {
    const edited = throughEditor(field, probe);
    if (edited.ok && !schema.safeParse(edited.stored).success) {
      found.push(
        `${at}: the editor saves ${JSON.stringify(edited.stored)} (from ${JSON.stringify(probe)}), which the schema refuses`,
      );
    }
    if (!edited.ok && schema.safeParse(probe).success && probe !== null) {
      found.push(`${at}: the editor refuses ${JSON.stringify(probe)}, which the schema accepts`);
    }
  }
  if (type === 'enum' && offered.join() !== options.join()) {
    found.push(`${at}: the editor offers ${offered.join('|')}, the schema ${options.join('|')}`);
  }
  return found;
}

function keyDifferences(
  at: string,
  shape: Record<string, z.ZodType>,
  fields: Record<string, ComponentSchema>,
  editorOnly: string[] = [],
): string[] {
  const found: string[] = [];
  for (const key of Object.keys(shape)) {
    if (!(key in fields)) found.push(`${at}.${key}: in the schema, not in the editor`);
  }
  for (const [key, field] of Object.entries(fields)) {
    if (editorOnly.includes(key)) continue;
    const schema = shape[key];
    if (!schema) found.push(`${at}.${key}: in the editor, not in the schema`);
    else found.push(...differences(`${at}.${key}`, schema, field));
  }
  return found;
}

/** The slug field (the file name) and a Markdown body are not keys of the file's data. */
function notInData(entry: { slugField?: string; format?: unknown }): string[] {
  const format = entry.format as { contentField?: string } | undefined;
  return [entry.slugField, format?.contentField].filter((k): k is string => Boolean(k));
}

describe('the editor and the site agree on every field', () => {
  it('has the same collections as src/content.config.ts, plus the site settings', () => {
    expect(Object.keys(editor.collections ?? {}).sort()).toEqual(Object.keys(collections).sort());
    expect(Object.keys(SCHEMAS).sort()).toEqual(Object.keys(collections).sort());
    expect(Object.keys(editor.singletons ?? {})).toEqual(['settings']);
  });

  it.each(Object.keys(collections))(
    '%s: same fields, required flags, lengths and options',
    (name) => {
      const collection = COLLECTIONS[name]!;
      const shape = (SCHEMAS[name] as z.ZodObject).shape as Record<string, z.ZodType>;
      expect(keyDifferences(name, shape, collection.schema, notInData(collection))).toEqual([]);
    },
  );

  it('Site settings: same fields as src/lib/site-settings.schema.ts', () => {
    const settings = editor.singletons!.settings!;
    expect(settings.label).toBe('Site settings');
    expect(keyDifferences('settings', siteSettingsSchema.shape, settings.schema)).toEqual([]);
  });

  it('catches a field the site refuses, a missing field and an option the site lacks', async () => {
    const { fields } = await import('@keystatic/core');
    const services = (SCHEMAS.services as z.ZodObject).shape as Record<string, z.ZodType>;
    const withoutAnchor: Record<string, ComponentSchema> = { ...COLLECTIONS.services!.schema };
    delete withoutAnchor.anchor;
    const drifted = {
      ...withoutAnchor,
      title: fields.text({ label: 'Heading' }),
      color: fields.select({
        label: 'Colour',
        options: ['primary', 'secondary', 'accent', 'pink'].map((v) => ({ label: v, value: v })),
        defaultValue: 'primary',
      }),
    };
    expect(keyDifferences('services', services, drifted, ['file'])).toEqual([
      'services.anchor: in the schema, not in the editor',
      'services.title: the editor saves undefined (from undefined), which the schema refuses',
      'services.title: the editor saves undefined (from ""), which the schema refuses',
      'services.color: the editor saves "pink" (from "pink"), which the schema refuses',
      'services.color: the editor offers primary|secondary|accent|pink, the schema primary|secondary|accent',
    ]);
  });
});

/** The reader's values as the file holds them: an empty text, number or image is left out. */
function asStored(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asStored);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== '' && v !== null && typeof v !== 'function')
        .map(([k, v]) => [k, asStored(v)]),
    );
  }
  return value;
}

describe('every file in src/content, read through Keystatic', () => {
  const reader = createReader(ROOT, editor);
  const readers = reader.collections as unknown as Record<
    string,
    { list(): Promise<string[]>; readOrThrow(slug: string): Promise<unknown> }
  >;

  it.each(Object.keys(collections))(
    '%s: every file opens and passes the site schema',
    async (name) => {
      const collection = COLLECTIONS[name]!;
      const folder = path.join(ROOT, collection.path!.replace(/\/\*$/, ''));
      const files = (await readdir(folder)).map((f) => f.replace(/\.(ya?ml|md|json)$/, '')).sort();
      const slugs = (await readers[name]!.list()).sort();
      expect(slugs).toEqual(files);
      for (const slug of slugs) {
        const entry = (await readers[name]!.readOrThrow(slug)) as Record<string, unknown>;
        for (const key of notInData(collection)) delete entry[key];
        const verdict = SCHEMAS[name]!.safeParse(asStored(entry));
        expect(verdict.error?.issues ?? [], `${name}/${slug}`).toEqual([]);
      }
    },
  );

  it('Site settings: settings.json opens and passes its schema', async () => {
    const settings = await reader.singletons.settings!.readOrThrow();
    expect(siteSettingsSchema.safeParse(asStored(settings)).error?.issues ?? []).toEqual([]);
  });
});
