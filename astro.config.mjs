// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { SECURITY_HEADERS, CSP_DIRECTIVES } from './src/server/security-headers.ts';
import { isPrivatePath } from './src/lib/indexing.ts';
import { SPECULATION_RULES } from './src/lib/speculation-rules.ts';
import { createHash } from 'node:crypto';
import { loadLocalEnv } from './src/server/local-env.ts';
import { devFunctions } from './scripts/local-netlify/dev-functions.ts';
import { netlifyAdapter } from './scripts/lib/netlify-adapter.ts';
import { launchCheck } from './scripts/lib/launch-placeholders.ts';
import { skewProtectedPreloads } from './scripts/lib/skew-protected-preloads.ts';
import { islandPreloads } from './scripts/lib/island-preloads.ts';
import { contentEditor, editorOwnZod, editorStorage } from './scripts/lib/content-editor.ts';

// `npm run dev` reads .env (as .env.example says); builds on Netlify never do.
if (process.argv.includes('dev')) loadLocalEnv();

// SITE_URL is the public origin used for canonical URLs, Open Graph and the sitemap.
const site = process.env.SITE_URL ?? process.env.URL ?? 'https://novareach.example';
// Astro cannot hash Vite's dev-time inline styles and scripts, so the CSP is only emitted by
// builds; the Playwright suite runs against the build (scripts/local-netlify/serve.ts) where it is enforced.
const isDev = process.argv.includes('dev');

/**
 * Marks `astro dev` as a local run, the only kind of process besides `npm run preview`
 * (scripts/local-netlify) and Vitest in which src/server/env.ts may fall back to its built-in
 * development SESSION_SECRET, and opts it into simulated payments (SIMULATED_PAYMENTS=1; a
 * STRIPE_SECRET_KEY in .env still wins, and SIMULATED_PAYMENTS=0 turns it off). The pages and
 * functions of the dev server run in this process and read process.env.
 * @type {import('astro').AstroIntegration}
 */
const markLocalRun = {
  name: 'novareach:local-run',
  hooks: {
    'astro:config:setup': ({ command }) => {
      if (command !== 'dev') return;
      process.env.NOVAREACH_LOCAL_RUN = 'astro-dev';
      process.env.SIMULATED_PAYMENTS ??= '1';
    },
  },
};

/**
 * `client:intent` (src/lib/intent-directive.ts): the islands every page carries but few visitors
 * open (cart panel, chat) load on the visitor's intent and hydrate on the first press.
 * @type {import('astro').AstroIntegration}
 */
const intentDirective = {
  name: 'novareach:client-intent',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) => {
      addClientDirective({ name: 'intent', entrypoint: './src/lib/intent-directive.ts' });
    },
  },
};

/** The modules of the `island-runtime` chunk (see `vite.build` below). */
const ISLAND_RUNTIME =
  /node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react|@nanostores[\\/]react)[\\/]|src[\\/]components[\\/]ui[\\/](Icon\.tsx|IconButton\.tsx|icons\.ts|use-stylesheet\.ts)$/;

export default defineConfig({
  site,
  // Astro's dev toolbar audits every page it loads: 15% of the time `npm run dev` takes to hand a
  // cart to checkout (2.9 s → 2.5 s in Chromium on a 2-core machine), and the site has axe in e2e.
  devToolbar: { enabled: false },
  trailingSlash: 'ignore',
  // Explicit, so that Keystatic's integration (which binds 127.0.0.1 when nothing is set) leaves
  // `npm run dev` on localhost as the README and the test suites address it.
  server: { host: 'localhost' },
  adapter: netlifyAdapter({
    // CSP (with frame-ancestors, which a <meta> cannot carry) goes out as a real header.
    staticHeaders: true,
    devFeatures: { environmentVariables: false, images: true, edgeFunctions: false },
    // Images are optimised at build time into dist/_astro, so the build served locally
    // (scripts/local-netlify/serve.ts) shows exactly what Netlify serves.
    imageCDN: false,
    // PGlite and the local migrator serve tests and local runs only (src/server/db/client.ts);
    // the deployed SSR function uses Netlify Database (npm run check:functions enforces it).
    excludeFiles: [
      './node_modules/@electric-sql/**/*',
      './node_modules/drizzle-orm/pglite/**/*',
      './node_modules/@netlify/database-dev/**/*',
    ],
  }),
  integrations: [
    markLocalRun,
    intentDirective,
    islandPreloads(),
    // A production build refuses the sample contact details and links (docs/deploy.md, "Before you launch").
    launchCheck(),
    react(),
    // The marketing team's editor at /keystatic: local files under `npm run dev`, GitHub commits
    // on a deploy with the GitHub App's variables, absent (404) everywhere else.
    ...contentEditor(editorStorage(isDev, process.env)),
    // Private pages are noindex and stay out of the sitemap (src/lib/indexing.ts).
    sitemap({ filter: (page) => !isPrivatePath(new URL(page).pathname) }),
  ],
  // Every page's CSS is inlined: a mobile visitor's first paint waits for no stylesheet
  // request (a few KB gzip per page, hashed into the CSP like Astro's other inline tags).
  build: { inlineStylesheets: 'always' },
  // Shiki's inline styles would need 'unsafe-inline'; the site shows no code blocks.
  markdown: { syntaxHighlight: false },
  security: {
    csp: isDev
      ? false
      : {
          directives: [...CSP_DIRECTIVES],
          // The layout's inline speculation rules (SpeculationRules.astro): Astro hashes the
          // scripts it bundles, not an inline one, and Chromium ignores the
          // 'inline-speculation-rules' keyword beside hash sources.
          scriptDirective: {
            hashes: [`sha256-${createHash('sha256').update(SPECULATION_RULES).digest('base64')}`],
          },
        },
  },
  vite: {
    plugins: [...devFunctions(), skewProtectedPreloads(), editorOwnZod()],
    server: { headers: SECURITY_HEADERS },
    // Pre-bundled when `npm run dev` starts: found only once a form island loads, zod/mini
    // made Vite optimise it then and reload the page under the visitor (and the tests).
    optimizeDeps: { include: ['zod/mini'] },
    build: {
      rolldownOptions: {
        output: {
          // What every React island needs, in one file: React, its DOM renderer, Astro's React
          // client, the store bindings and the shared UI pieces. As ten small files, a first
          // touch on a phone (HTTP/1.1 locally: six connections) waited for a second round trip
          // before the cart or the chat could open, and /checkout's imports came five deep.
          codeSplitting: {
            groups: [{ name: 'island-runtime', test: ISLAND_RUNTIME }],
          },
        },
      },
    },
  },
});
