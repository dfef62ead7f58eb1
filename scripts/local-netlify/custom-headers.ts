// Added to files only: function and SSR responses carry their own, as on Netlify
// (https://docs.netlify.com/routing/headers/#limitations).
import { HeadersHandler } from '@netlify/headers';
import type { DeployConfig } from './deploy-config.ts';

export type CustomHeaders = (url: string) => Promise<Record<string, string>>;

export function customHeaders(config: DeployConfig, publishDir: string): CustomHeaders {
  const engine = new HeadersHandler({
    // netlify.toml is passed already read: the engine would read it again on every request.
    // Its rules go before the framework's, as @netlify/config merges them.
    configHeaders: [...(config.toml.headers ?? []), ...(config.framework.headers ?? [])],
    // The publish directory is the only place Netlify reads `_headers` from on a deploy.
    projectDir: publishDir,
    logger: console,
  });
  // The engine reads and parses every rule again on each call (for `netlify dev`'s live
  // edits; ~1.4 ms with Astro's per-page headers). A run serves one build, so each path's
  // answer is kept, up to a bound for runs that ask for many paths.
  const answers = new Map<string, Promise<Record<string, string>>>();
  return (url) => {
    const { pathname } = new URL(url);
    let answer = answers.get(pathname);
    if (!answer) {
      if (answers.size >= 2000) answers.clear();
      answer = engine.apply(new Request(url));
      answers.set(pathname, answer);
    }
    return answer;
  };
}
