/** /manifest.webmanifest: the site's name, colours and icons for "Add to Home Screen". */
import type { APIRoute } from 'astro';
import { webManifest } from '../features/brand/brand.server';
import { siteSettings as settings } from '../lib/site-settings';

export const prerender = true;

export const GET: APIRoute = async () =>
  new Response(JSON.stringify(webManifest(settings), null, 2), {
    headers: { 'Content-Type': 'application/manifest+json' },
  });
