import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { addIslandPreloads } from './build/island-preloads.ts';
import { skewProtectedPreloads } from './build/skew-protected-preloads.ts';

/** Everything the page runtime adds to Astro: `client:intent` and what the build does for it. */
export function pageRuntime(): AstroIntegration {
  return {
    name: 'novareach:page-runtime',
    hooks: {
      'astro:config:setup': ({ addClientDirective, updateConfig }) => {
        addClientDirective({
          name: 'intent',
          entrypoint: fileURLToPath(new URL('./intent-directive.ts', import.meta.url)),
        });
        updateConfig({ vite: { plugins: [skewProtectedPreloads()] } });
      },
      'astro:build:done': async ({ dir, logger }) => {
        const pages = await addIslandPreloads(dir);
        logger.info(`client:intent islands on ${pages} pages list their files`);
      },
    },
  };
}
