// Each `client:intent` island lists the files it will load, so the directive asks for them at
// once: discovered import by import, a first touch of the cart waited three slow-4G round trips.
import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { filePathOf, moduleClosure } from './module-graph.ts';
import { PRELOAD_ATTRIBUTE } from '../runtime-contract.ts';

const ISLAND = /<astro-island\b[^>]*\bclient="intent"[^>]*>/g;

/** Reads a built file by its path below the site root (decoded, no query). */
type ReadModule = (pathname: string) => Promise<string | undefined>;

function attribute(tag: string, name: string): string | undefined {
  const value = new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  return value?.replace(/&amp;/g, '&');
}

/** Every module `entries` load (keeping each import's query, e.g. `?dpl=`). */
export async function islandFiles(entries: string[], readModule: ReadModule): Promise<string[]> {
  return [...(await moduleClosure(entries, [], '/', (url) => readModule(filePathOf(url))))];
}

export async function withIslandPreloads(html: string, readModule: ReadModule): Promise<string> {
  const tags = [...new Set(html.match(ISLAND) ?? [])];
  let out = html;
  for (const tag of tags) {
    if (tag.includes(` ${PRELOAD_ATTRIBUTE}=`)) continue;
    const entries = ['component-url', 'renderer-url', 'before-hydration-url']
      .map((name) => attribute(tag, name))
      .filter((url): url is string => Boolean(url));
    const files = await islandFiles(entries, readModule);
    const list = files.join(' ').replace(/&/g, '&amp;');
    out = out.split(tag).join(tag.replace(/>$/, ` ${PRELOAD_ATTRIBUTE}="${list}">`));
  }
  return out;
}

async function htmlFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await htmlFiles(full)));
    else if (entry.name.endsWith('.html')) out.push(full);
  }
  return out;
}

/** Writes each built page's `client:intent` islands their file lists; answers how many pages changed. */
export async function addIslandPreloads(dir: URL): Promise<number> {
  const root = fileURLToPath(dir);
  const cache = new Map<string, Promise<string | undefined>>();
  const readModule: ReadModule = (pathname) => {
    if (!cache.has(pathname)) {
      const file = path.join(root, pathname);
      const inside = file.startsWith(root);
      cache.set(
        pathname,
        inside ? readFile(file, 'utf8').catch(() => undefined) : Promise.resolve(undefined),
      );
    }
    return cache.get(pathname)!;
  };
  let pages = 0;
  for (const file of await htmlFiles(root)) {
    const html = await readFile(file, 'utf8');
    const next = await withIslandPreloads(html, readModule);
    if (next === html) continue;
    await writeFile(file, next);
    pages += 1;
  }
  return pages;
}
