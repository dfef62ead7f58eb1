/** /icon-192.png and /icon-512.png: the web manifest's icons, full bleed (maskable). */
import type { APIRoute, GetStaticPaths } from 'astro';
import { brandPng, MANIFEST_ICON_SIZES } from '../features/brand/brand.server';

export const prerender = true;

export const getStaticPaths = (() =>
  MANIFEST_ICON_SIZES.map((size) => ({ params: { size: String(size) } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) =>
  new Response(new Uint8Array(await brandPng(Number(params.size), { fullBleed: true })), {
    headers: { 'Content-Type': 'image/png' },
  });
