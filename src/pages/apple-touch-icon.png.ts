/** /apple-touch-icon.png: 180 px, full bleed (iOS rounds the corners itself). */
import type { APIRoute } from 'astro';
import { brandPng } from '../features/brand/brand.server';

export const prerender = true;

export const GET: APIRoute = async () =>
  new Response(new Uint8Array(await brandPng(180, { fullBleed: true })), {
    headers: { 'Content-Type': 'image/png' },
  });
