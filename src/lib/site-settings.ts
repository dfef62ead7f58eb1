/**
 * The agency's own facts, from the one file marketing edits: `src/content/settings.json`.
 * Pages, components, e-mails, receipts and JSON-LD all read `siteSettings`; it is a plain
 * JSON import (not an Astro collection) because the Netlify functions that send e-mail and
 * build receipts cannot use `astro:content`.
 *
 * No zod here (the schema is site-settings.schema.ts, checked at start and build): functions
 * that only need the company's name pay nothing for it. Islands still get the values they
 * need as props, so the whole file does not travel to browsers.
 */
import { escapeHtml } from './escape-html.ts';
import type { SiteSettings } from './site-settings.schema.ts';
import raw from '../content/settings.json' with { type: 'json' };

// The JSON's own type must fit the schema's, so `astro check` catches a wrong shape too.
export const siteSettings: SiteSettings = raw;

/** The privacy-enhanced YouTube player URL of a video id (the origin CSP frame-src allows). */
export function youtubeEmbedUrl(id: string): string {
  return `https://www.youtube-nocookie.com/embed/${id}?rel=0&modestbranding=1`;
}

const TOKEN = /\{\{\s*(\w+)\s*\}\}|%7B%7B(\w+)%7D%7D/gi;

/**
 * Fills `{{supportEmail}}`-style names in a Markdown page's rendered HTML (text or link,
 * where the braces arrive URL-encoded) with the settings' values, HTML-escaped. An unknown
 * name throws, so a typo fails the build instead of reaching a visitor as braces.
 */
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

/** "100 Main Street, Seattle, WA 98101" */
export function postalAddressLine(address: SiteSettings['address']): string {
  return `${address.street}, ${address.locality}, ${address.region} ${address.postalCode}`;
}
