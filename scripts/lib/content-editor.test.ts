import { describe, expect, it } from 'vitest';
import {
  GITHUB_EDITOR_VARIABLES,
  contentEditor,
  editorOwnZod,
  editorStorage,
} from './content-editor.ts';

const github = Object.fromEntries(GITHUB_EDITOR_VARIABLES.map((name) => [name, 'x'])) as Record<
  string,
  string
>;

describe('editorStorage', () => {
  it('saves to the files under npm run dev, whatever else is set', () => {
    expect(editorStorage(true, {})).toBe('local');
    expect(editorStorage(true, { ...github, PUBLIC_KEYSTATIC_GITHUB_REPO: 'a/b' })).toBe('local');
  });

  it('builds no editor without the GitHub App, and a GitHub one with all of it', () => {
    expect(editorStorage(false, {})).toBe('none');
    expect(contentEditor('none')).toEqual([]);
    expect(
      editorStorage(false, { ...github, PUBLIC_KEYSTATIC_GITHUB_REPO: 'novareach/site' }),
    ).toBe('github');
    expect(contentEditor('github').map((i) => i.name)).toEqual(['keystatic']);
  });

  it('stops a build that has only part of the GitHub App, naming what is missing', () => {
    expect(() => editorStorage(false, { KEYSTATIC_SECRET: 's' })).toThrow(
      /missing: KEYSTATIC_GITHUB_CLIENT_ID, KEYSTATIC_GITHUB_CLIENT_SECRET, PUBLIC_KEYSTATIC_GITHUB_REPO/,
    );
    expect(() => editorStorage(false, { ...github, PUBLIC_KEYSTATIC_GITHUB_REPO: 'site' })).toThrow(
      /owner\/repository/,
    );
  });
});

describe('editorOwnZod', () => {
  const files: Record<string, string> = {
    'astro/zod': '/app/node_modules/astro/dist/zod.js',
    'zod/v4': '/app/node_modules/zod/v4/index.js',
    './core/core.js': '/app/node_modules/zod/v4/core/core.js',
    'zod/mini': '/app/node_modules/zod/v4/mini/index.js',
    react: '/app/node_modules/react/index.js',
    './schemas.ts': '/app/src/content/schemas.ts',
  };
  const plugin = editorOwnZod();
  const resolveId = (source: string, importer: string, ssr = false) =>
    (plugin.resolveId as unknown as (...a: unknown[]) => Promise<{ id: string } | null>).call(
      { resolve: async (s: string) => ({ id: files[s], external: false }) },
      source,
      importer,
      { ssr },
    );

  it("resolves zod under a query from the editor's modules and from that copy down", async () => {
    expect(await resolveId('astro/zod', '/app/src/content/schemas.ts')).toMatchObject({
      id: '/app/node_modules/astro/dist/zod.js?editor-zod',
    });
    expect(
      await resolveId('zod/v4', '/app/node_modules/astro/dist/zod.js?editor-zod'),
    ).toMatchObject({
      id: '/app/node_modules/zod/v4/index.js?editor-zod',
    });
    expect(
      await resolveId('./core/core.js', '/app/node_modules/zod/v4/index.js?editor-zod'),
    ).toMatchObject({ id: '/app/node_modules/zod/v4/core/core.js?editor-zod' });
  });

  it("leaves the islands' zod, every other package and the server build alone", async () => {
    expect(await resolveId('zod/mini', '/app/src/features/contact/contact.ts')).toBeNull();
    expect(await resolveId('react', '/app/keystatic.config.ts')).toBeNull();
    expect(await resolveId('./schemas.ts', '/app/keystatic.config.ts')).toBeNull();
    expect(await resolveId('astro/zod', '/app/src/content/schemas.ts', true)).toBeNull();
    expect(plugin.apply).toBe('build');
  });
});
