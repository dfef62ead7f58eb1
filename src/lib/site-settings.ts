// A plain JSON import, not an Astro collection: the functions that send e-mail and build receipts
// cannot use `astro:content`. No zod here: a function that needs the company's name pays nothing.
import { escapeHtml } from './escape-html.ts';
import type { SiteSettings } from './site-settings.schema.ts';
import raw from '../content/settings.json' with { type: 'json' };

export const siteSettings: SiteSettings = raw;

export function youtubeEmbedUrl(id: string): string {
  return `https://www.youtube-nocookie.com/embed/${id}?rel=0&modestbranding=1`;
}

const TOKEN = /\{\{\s*(\w+)\s*\}\}|%7B%7B(\w+)%7D%7D/gi;

// The braces arrive URL-encoded inside links; an unknown name throws, so a typo fails the build.
export function fillSettings(html: string, settings: SiteSettings = siteSettings): string {
  return html.replace(TOKEN, (_, plain?: string, encoded?: string) => {
    const key = plain ?? encoded ?? '';
    const value = (settings as Record<string, unknown>)[key];
    if (typeof value !== 'string' && typeof value !== 'number') {
      throw new Error(`{{${key}}} is not a text value in src/content/settings.json`);
    }
    return escapeHtml(String(value));
  });
}

export function postalAddressLine(address: SiteSettings['address']): string {
  return `${address.street}, ${address.locality}, ${address.region} ${address.postalCode}`;
}
