import netlify from '@astrojs/netlify';
import type { AstroIntegration } from 'astro';
import { existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const NETLIFY_BUILD_OUTPUTS = [
  '.netlify/v1/functions/ssr',
  '.netlify/v1/edge-functions/middleware',
  '.netlify/build',
] as const;

type Options = Parameters<typeof netlify>[0];
type SetupHook = NonNullable<AstroIntegration['hooks']['astro:config:setup']>;

/**
 * `@astrojs/netlify`, except that only `astro build` empties the previous build's functions:
 * `astro dev` or `astro check` beside a build left its on-demand pages answering 404.
 */
export function netlifyAdapter(options?: Options): AstroIntegration {
  const adapter = netlify(options);
  const setup = adapter.hooks['astro:config:setup'];
  if (!setup) return adapter;
  const keepingBuild: SetupHook = async (params) => {
    // Under `netlify dev` the CLI reads .netlify/v1 itself: a kept build's SSR function would
    // answer every /api/* path, so the adapter cleans as it always did.
    if (params.command === 'build' || process.env.NETLIFY_DEV) return setup(params);
    const restore = await setAside(fileURLToPath(params.config.root));
    try {
      await setup(params);
    } finally {
      await restore();
    }
  };
  return { ...adapter, hooks: { ...adapter.hooks, 'astro:config:setup': keepingBuild } };
}

async function setAside(root: string): Promise<() => Promise<void>> {
  const moved: { home: string; aside: string }[] = [];
  for (const [i, output] of NETLIFY_BUILD_OUTPUTS.entries()) {
    const home = path.join(root, output);
    if (!existsSync(home)) continue;
    const aside = path.join(root, '.netlify', `kept-${process.pid}-${i}`);
    await rename(home, aside);
    moved.push({ home, aside });
  }
  return async () => {
    for (const { home, aside } of moved) {
      await rm(home, { recursive: true, force: true });
      await rename(aside, home);
    }
  };
}
