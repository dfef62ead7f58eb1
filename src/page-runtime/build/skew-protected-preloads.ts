// Astro adds the deploy query (`?dpl=`) to the chunks' imports, not to Vite's preload list: the
// browser preloads one URL and imports another, two downloads of each lazy chunk. Drop this once
// Astro rewrites the list itself (Astro 7.3, @astrojs/netlify 7).
import type { Plugin } from 'vite';

/** The query the Netlify adapter adds (`assetQueryParams`): the deploy's id, when there is one. */
export function deployQuery(env: NodeJS.ProcessEnv = process.env): string {
  return env.DEPLOY_ID ? new URLSearchParams({ dpl: env.DEPLOY_ID }).toString() : '';
}

/** The `m.f=[…]` file list of Vite's preload map, as Vite 7/8 prints it. */
const PRELOAD_LIST = /(__vite__mapDeps=\(i,m=__vite__mapDeps,d=\(m\.f\|\|\(m\.f=)(\[[^\]]*\])/g;

export function addQueryToPreloads(code: string, query: string): string {
  if (!query) return code;
  return code.replace(PRELOAD_LIST, (_, head: string, list: string) => {
    const files = (JSON.parse(list) as string[]).map((file) =>
      /\.m?js$/.test(file) ? `${file}?${query}` : file,
    );
    return head + JSON.stringify(files);
  });
}

export function skewProtectedPreloads(query = deployQuery()): Plugin {
  return {
    name: 'novareach:skew-protected-preloads',
    apply: 'build',
    enforce: 'post',
    // Last of all: Vite writes the preload map in its own generateBundle, after user plugins.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk') chunk.code = addQueryToPreloads(chunk.code, query);
        }
      },
    },
  };
}
