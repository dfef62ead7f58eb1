// The static import graph of built modules: the island preload lists (at build) and the
// JS budget check (after it) follow the same edges.
import { init, parse } from 'es-module-lexer';

let lexerReady: Promise<void> | undefined;

export async function staticImports(code: string): Promise<string[]> {
  await (lexerReady ??= init);
  try {
    const [imports] = parse(code);
    return imports.filter((i) => i.d === -1 && i.n).map((i) => i.n!);
  } catch {
    // Classic scripts that are not valid modules import nothing.
    return [];
  }
}

/** Site-relative, query included; undefined for a bare specifier. */
export function resolveImport(specifier: string, fromUrl: string): string | undefined {
  if (!/^(\.{1,2}\/|\/)/.test(specifier)) return undefined;
  const url = new URL(specifier, new URL(fromUrl, 'http://site.local'));
  return url.pathname + url.search;
}

export function filePathOf(url: string): string {
  return decodeURIComponent(new URL(url, 'http://site.local').pathname);
}

/** `entries` and their static import closure, each URL with its query (`?dpl=`) as requested. */
export async function moduleClosure(
  entries: string[],
  inlineModules: string[],
  pageUrl: string,
  readModule: (url: string) => Promise<string | undefined>,
): Promise<Set<string>> {
  const seen = new Set<string>();
  const queue: string[] = [];
  const enqueue = (spec: string, from: string) => {
    const url = resolveImport(spec, from);
    if (url && !seen.has(url)) {
      seen.add(url);
      queue.push(url);
    }
  };
  for (const e of entries) enqueue(e, pageUrl);
  for (const code of inlineModules) for (const s of await staticImports(code)) enqueue(s, pageUrl);
  while (queue.length) {
    const url = queue.shift()!;
    const code = await readModule(url);
    if (code === undefined) continue;
    for (const s of await staticImports(code)) enqueue(s, url);
  }
  return seen;
}
