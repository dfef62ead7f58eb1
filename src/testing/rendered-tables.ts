/** Server-rendered markup of a component, read as a person reads it (tests only). */
import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactElement } from 'react';

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .trim();

/** Each row of the table named `label`, its cells' text joined by a space. */
export function tableRows(html: string, label: string): string[] {
  const start = html.indexOf(`aria-label="${label}"`);
  if (start < 0) return [];
  const table = html.slice(start, html.indexOf('</table>', start));
  return [...table.matchAll(/<tr[^>]*>(.*?)<\/tr>/g)].map((row) =>
    [...row[1]!.matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map((cell) => text(cell[1]!)).join(' '),
  );
}

/** Each link's text (screen-reader text included) and address. */
export function links(html: string): { text: string; href: string }[] {
  return [...html.matchAll(/<a [^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/g)].map((m) => ({
    href: m[1]!.replace(/&amp;/g, '&'),
    text: text(m[2]!),
  }));
}

export function rendered(element: ReactElement): string {
  return renderToStaticMarkup(element);
}
