import type { APIRoute } from 'astro';
import { webManifest } from '../features/brand/brand.server';
import { siteSettings as settings } from '../lib/site-settings';

export const prerender = true;

export const GET: APIRoute = async () =>
  new Response(JSON.stringify(webManifest(settings), null, 2), {
    headers: { 'Content-Type': 'application/manifest+json' },
  });
