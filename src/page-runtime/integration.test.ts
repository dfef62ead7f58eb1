import { existsSync } from 'node:fs';
import type { AstroIntegration } from 'astro';
import { describe, expect, it } from 'vitest';
import { pageRuntime } from './integration';

type Setup = NonNullable<AstroIntegration['hooks']['astro:config:setup']>;

describe('the page runtime integration', () => {
  it('registers client:intent from this folder and the preload plugin for builds', async () => {
    const directives: { name: string; entrypoint: string | URL }[] = [];
    const updates: unknown[] = [];
    const setup = pageRuntime().hooks['astro:config:setup'] as Setup;
    await setup({
      addClientDirective: (directive: { name: string; entrypoint: string | URL }) =>
        directives.push(directive),
      updateConfig: (config: unknown) => updates.push(config),
    } as unknown as Parameters<Setup>[0]);
    expect(directives.map((d) => d.name)).toEqual(['intent']);
    expect(existsSync(String(directives[0]!.entrypoint))).toBe(true);
    expect(updates).toEqual([
      {
        vite: { plugins: [expect.objectContaining({ name: 'novareach:skew-protected-preloads' })] },
      },
    ]);
  });
});
