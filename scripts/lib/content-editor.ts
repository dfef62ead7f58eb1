/**
 * Where the in-browser editor (/keystatic, keystatic.config.ts) may save, decided when Astro
 * starts: the files on this computer under `npm run dev`; a commit through the agency's GitHub
 * App when a build has all of its variables; nowhere otherwise, and then the editor is not built
 * at all (/keystatic is a 404). A deployed server never writes to its own file system.
 */
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

/** Keystatic's integration when the editor may save somewhere, else nothing. */
export function contentEditor(storage: EditorStorage): AstroIntegration[] {
  return storage === 'none' ? [] : [keystatic()];
}

const FORK = '?editor-zod';
/** The editor's modules that import zod: its config and the schemas it builds forms from. */
const EDITOR_MODULE =
  /[\\/](keystatic\.config\.ts|src[\\/]content[\\/](keystatic-fields|schemas)\.ts|src[\\/]lib[\\/]site-settings\.schema\.ts)$/;
const ZOD_MODULE = /[\\/]node_modules[\\/](zod[\\/]|astro[\\/]dist[\\/]zod\.js)/;

/**
 * Gives the editor's browser code its own copy of zod. The islands use zod/mini, which shares
 * zod's core modules with the full zod the editor's schemas use; bundled together, every island
 * page would load the core that both need (measured on a build with the editor: /client-onboarding
 * 100.4 → 109.3 KB gzip). Modules the editor imports zod through are resolved under a query, so
 * the bundler sees them as different modules and the islands keep theirs.
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
