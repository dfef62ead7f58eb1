// Where /keystatic saves: local files under `npm run dev`, the GitHub App when a build has all of
// its variables, else nowhere (no editor built). A deployed server never writes to its own files.
import keystatic from '@keystatic/astro';
import type { AstroIntegration } from 'astro';
import type { Plugin } from 'vite';

export const GITHUB_EDITOR_VARIABLES = [
  'KEYSTATIC_GITHUB_CLIENT_ID',
  'KEYSTATIC_GITHUB_CLIENT_SECRET',
  'KEYSTATIC_SECRET',
  'PUBLIC_KEYSTATIC_GITHUB_REPO',
] as const;

export type EditorStorage = 'local' | 'github' | 'none';

/** Throws when the GitHub App is half configured, naming what is missing. */
export function editorStorage(isDev: boolean, env: NodeJS.ProcessEnv): EditorStorage {
  if (isDev) return 'local';
  const missing = GITHUB_EDITOR_VARIABLES.filter((name) => !env[name]);
  if (missing.length === GITHUB_EDITOR_VARIABLES.length) return 'none';
  if (missing.length > 0) {
    throw new Error(
      `The site editor needs all of ${GITHUB_EDITOR_VARIABLES.join(', ')}; missing: ${missing.join(', ')}`,
    );
  }
  if (!/^[\w.-]+\/[\w.-]+$/.test(env.PUBLIC_KEYSTATIC_GITHUB_REPO ?? '')) {
    throw new Error('PUBLIC_KEYSTATIC_GITHUB_REPO must be owner/repository, e.g. novareach/site');
  }
  return 'github';
}

export function contentEditor(storage: EditorStorage): AstroIntegration[] {
  return storage === 'none' ? [] : [keystatic()];
}

const FORK = '?editor-zod';
const EDITOR_MODULE =
  /[\\/](keystatic\.config\.ts|src[\\/]content[\\/](keystatic-fields|schemas)\.ts|src[\\/]lib[\\/]site-settings\.schema\.ts)$/;
const ZOD_MODULE = /[\\/]node_modules[\\/](zod[\\/]|astro[\\/]dist[\\/]zod\.js)/;

/**
 * The editor's browser code gets its own zod: bundled with the islands' zod/mini, which shares
 * zod's core, every island page would load that core (/client-onboarding 100.4 → 109.3 KB gzip).
 */
export function editorOwnZod(): Plugin {
  return {
    name: 'novareach:editor-own-zod',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || options?.ssr) return null;
      const forked = importer.endsWith(FORK);
      if (!forked && !EDITOR_MODULE.test(importer)) return null;
      const from = forked ? importer.slice(0, -FORK.length) : importer;
      const resolved = await this.resolve(source, from, { ...options, skipSelf: true });
      if (!resolved || resolved.external || !ZOD_MODULE.test(resolved.id)) return null;
      return { ...resolved, id: `${resolved.id}${FORK}` };
    },
  };
}
