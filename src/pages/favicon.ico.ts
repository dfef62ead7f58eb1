/** /favicon.ico: 16, 32 and 48 px, for browsers and tools that request it by name. */
import type { APIRoute } from 'astro';
import { brandIco } from '../features/brand/brand.server';

export const prerender = true;

export const GET: APIRoute = async () =>
  new Response(new Uint8Array(await brandIco()), {
    headers: { 'Content-Type': 'image/x-icon' },
  });
