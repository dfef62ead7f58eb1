/**
 * The runtime import graph of TypeScript sources, for tests that keep a heavy package out of
 * an island (e.g. zod out of the checkout page). `import type` is skipped; an import that only
 * names types inline (`import { type A } from`) still counts, because under
 * `verbatimModuleSyntax` the bundler keeps it as a side-effect import. Dynamic `import()` is
 * not followed: it loads on demand, not with the page.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts'];

/** Specifiers of the runtime static imports and re-exports in one source text. */
export function runtimeImports(fileName: string, sourceText: string): string[] {
  const source = ts.createSourceFile(fileName, sourceText, ts.ScriptTarget.Latest, false);
  const out: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly) {
      if (ts.isStringLiteral(statement.moduleSpecifier)) out.push(statement.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(statement) &&
      !statement.isTypeOnly &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
    ) {
      out.push(statement.moduleSpecifier.text);
    }
  }
  return out;
}

/** The package a bare specifier names ('zod/v4' → 'zod', '@scope/pkg/x' → '@scope/pkg'). */
export function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

function resolveRelative(specifier: string, fromFile: string): string | undefined {
  const base = path.resolve(path.dirname(fromFile), specifier);
  const candidates = [base, ...SOURCE_EXTENSIONS.map((ext) => base + ext)];
  candidates.push(...SOURCE_EXTENSIONS.map((ext) => path.join(base, `index${ext}`)));
  return candidates.find(
    (file) => SOURCE_EXTENSIONS.includes(path.extname(file)) && existsSync(file),
  );
}

/**
 * The chain of files from `entry` to the first import of package `pkg` (with `exact`, of that
 * very specifier: 'zod' but not 'zod/mini'), or undefined when the entry's static runtime
 * imports never reach it. Non-source imports (CSS, .astro) are ignored.
 */
export function importChainTo(entry: string, pkg: string, exact = false): string[] | undefined {
  const parent = new Map<string, string | undefined>([[entry, undefined]]);
  const queue = [entry];
  const chainOf = (file: string) => {
    const chain: string[] = [];
    for (let at: string | undefined = file; at; at = parent.get(at)) chain.unshift(at);
    return chain;
  };
  while (queue.length) {
    const file = queue.shift()!;
    for (const specifier of runtimeImports(file, readFileSync(file, 'utf8'))) {
      if (!specifier.startsWith('.')) {
        if (exact ? specifier === pkg : packageName(specifier) === pkg) {
          return [...chainOf(file), specifier];
        }
        continue;
      }
      const next = resolveRelative(specifier, file);
      if (next && !parent.has(next)) {
        parent.set(next, file);
        queue.push(next);
      }
    }
  }
  return undefined;
}
