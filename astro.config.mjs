// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { SECURITY_HEADERS, CSP_DIRECTIVES } from './src/server/security-headers.ts';
import { isPrivatePath } from './src/lib/indexing.ts';
import { SPECULATION_RULES } from './src/page-runtime/speculation-rules.ts';
import { createHash } from 'node:crypto';
import { loadLocalEnv } from './src/server/local-env.ts';
import { devFunctions } from './scripts/local-netlify/dev-functions.ts';
import { netlifyAdapter } from './scripts/lib/netlify-adapter.ts';
import { launchCheck } from './scripts/lib/launch-placeholders.ts';
import { pageRuntime } from './src/page-runtime/integration.ts';
import { contentEditor, editorOwnZod, editorStorage } from './scripts/lib/content-editor.ts';

// `npm run dev` reads .env (as .env.example says); builds on Netlify never do.
if (process.argv.includes('dev')) loadLocalEnv();

const site = process.env.SITE_URL ?? process.env.URL ?? 'https://novareach.example';
// Astro cannot hash Vite's dev-time inline styles and scripts: only builds emit the CSP.
const isDev = process.argv.includes('dev');

// A local run: env.ts may use its development SESSION_SECRET, and payments default to simulated.
/** @type {import('astro').AstroIntegration} */
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

const ISLAND_RUNTIME =
  /node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react|@nanostores[\\/]react)[\\/]|src[\\/](components[\\/]ui[\\/](Icon\.tsx|IconButton\.tsx|icons\.ts)|page-runtime[\\/]use-stylesheet\.ts)$/;

export default defineConfig({
  site,
  // Its audits took 15% of the time `npm run dev` needs to hand a cart to checkout; e2e runs axe.
  devToolbar: { enabled: false },
  trailingSlash: 'ignore',
  // Keystatic binds 127.0.0.1 when nothing is set; the README and the tests use localhost.
  server: { host: 'localhost' },
  adapter: netlifyAdapter({
    // CSP (with frame-ancestors, which a <meta> cannot carry) goes out as a real header.
    staticHeaders: true,
    devFeatures: { environmentVariables: false, images: true, edgeFunctions: false },
    // Optimised at build time, so the build served locally shows exactly what Netlify serves.
    imageCDN: false,
    // Tests and local runs only; `npm run check:functions` enforces it.
    excludeFiles: [
      './node_modules/@electric-sql/**/*',
      './node_modules/drizzle-orm/pglite/**/*',
      './node_modules/@netlify/database-dev/**/*',
    ],
  }),
  integrations: [
    markLocalRun,
    pageRuntime(),
    launchCheck(),
    react(),
    ...contentEditor(editorStorage(isDev, process.env)),
    sitemap({ filter: (page) => !isPrivatePath(new URL(page).pathname) }),
  ],
  // A mobile visitor's first paint waits for no stylesheet request.
  build: { inlineStylesheets: 'always' },
  // Shiki's inline styles would need 'unsafe-inline'; the site shows no code blocks.
  markdown: { syntaxHighlight: false },
  security: {
    csp: isDev
      ? false
      : {
          directives: [...CSP_DIRECTIVES],
          // Astro hashes the scripts it bundles, not the inline speculation rules, and Chromium
          // ignores the 'inline-speculation-rules' keyword beside hash sources.
          scriptDirective: {
            hashes: [`sha256-${createHash('sha256').update(SPECULATION_RULES).digest('base64')}`],
          },
        },
  },
  vite: {
    plugins: [...devFunctions(), editorOwnZod()],
    server: { headers: SECURITY_HEADERS },
    // Found only once a form island loads, zod/mini made Vite reload the page under the visitor.
    optimizeDeps: { include: ['zod/mini'] },
    build: {
      rolldownOptions: {
        output: {
          // One file, not ten: on a phone the first touch waited an extra round trip for the cart.
          codeSplitting: {
            groups: [{ name: 'island-runtime', test: ISLAND_RUNTIME }],
          },
        },
      },
    },
  },
});
