// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import netlify from '@astrojs/netlify';
import sitemap from '@astrojs/sitemap';
import { SECURITY_HEADERS, CSP_DIRECTIVES } from './src/server/security-headers.ts';

// SITE_URL is the public origin used for canonical URLs, Open Graph and the sitemap.
const site = process.env.SITE_URL ?? process.env.URL ?? 'https://novareach.example';

export default defineConfig({
  site,
  trailingSlash: 'ignore',
  adapter: netlify({
    // CSP (with frame-ancestors, which a <meta> cannot carry) goes out as a real header.
    staticHeaders: true,
    devFeatures: { edgeFunctions: false },
  }),
  integrations: [
    react(),
    sitemap({
      filter: (page) =>
        !/\/(admin|dashboard|checkout|onboarding|test-|client-onboarding|purchase\/)/.test(page),
    }),
  ],
  // Shiki's inline styles would need 'unsafe-inline'; the site shows no code blocks.
  markdown: { syntaxHighlight: false },
  security: {
    csp: {
      directives: CSP_DIRECTIVES,
    },
  },
  vite: {
    server: { headers: SECURITY_HEADERS },
  },
});
