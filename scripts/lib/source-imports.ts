// `import type` is skipped, but an import that names types inline (`import { type A }`) counts:
// under `verbatimModuleSyntax` the bundler keeps it as a side-effect import.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts'];

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

/** Files from `entry` to the first import of `pkg` (`exact`: 'zod' but not 'zod/mini'), if any. */
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
