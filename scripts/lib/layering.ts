// The layering rules of ARCHITECTURE.md over every import, type-only ones included: a type that
// lives in the wrong layer still ties the layers.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export type Violation = { file: string; specifier: string; rule: string };

const SOURCE = /\.(ts|tsx|mts|astro)$/;
const IMPORT =
  /(?:\bimport\s+(?:type\s+)?(?:[^'"`;]*?\s+from\s+)?|\bexport\s+(?:type\s+)?[^'"`;]*?\s+from\s+|\bimport\s*\()\s*['"]([^'"]+)['"]/g;

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walk(full));
    else if (SOURCE.test(entry.name)) out.push(full);
  }
  return out;
}

export function importsOf(text: string): string[] {
  const withoutComments = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  return [...withoutComments.matchAll(IMPORT)].map((m) => m[1]!);
}

type Place =
  | {
      layer:
        | 'lib'
        | 'server'
        | 'page-runtime'
        | 'components'
        | 'pages'
        | 'layouts'
        | 'functions'
        | 'testing'
        | 'other';
    }
  | { layer: 'features'; feature: string; file: string };

function placeOf(root: string, file: string): Place {
  const rel = path.relative(root, file).split(path.sep);
  if (rel[0] === 'netlify' && rel[1] === 'functions') return { layer: 'functions' };
  if (rel[0] !== 'src') return { layer: 'other' };
  if (rel[1] === 'features' && rel[2])
    return { layer: 'features', feature: rel[2], file: rel.slice(3).join('/') };
  if (
    rel[1] === 'lib' ||
    rel[1] === 'server' ||
    rel[1] === 'page-runtime' ||
    rel[1] === 'components' ||
    rel[1] === 'pages' ||
    rel[1] === 'layouts' ||
    rel[1] === 'testing'
  )
    return { layer: rel[1] };
  return { layer: 'other' };
}

export function isPublicModule(feature: string, file: string): boolean {
  const name = file.replace(/\.(ts|tsx|mts|astro)$/, '');
  if ([feature, `${feature}.server`, `${feature}.store`].includes(name)) return true;
  return !file.includes('/') && /^[A-Z]/.test(file) && /\.(tsx|astro)$/.test(file);
}

/** The personal-data registry: it takes each owner's `personalData` past the owner's front door. */
export const PERSONAL_DATA_REGISTRY = 'src/features/privacy/personal-data-owners.server.ts';

function importsOnlyPersonalData(text: string, specifier: string): boolean {
  const found = importedNames(text).filter((i) => i.specifier === specifier);
  return found.length > 0 && found.every((i) => i.names.join() === 'personalData');
}

/** src/content/*.json: data at the very bottom (src/lib/site-settings.ts reads settings.json). */
function isContentData(root: string, file: string): boolean {
  const rel = path.relative(root, file).split(path.sep);
  return rel[0] === 'src' && rel[1] === 'content' && file.endsWith('.json');
}

function resolve(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier.replace(/\?.*$/, ''));
  const found = ['', '.ts', '.tsx', '.mts', '.astro'].map((ext) => base + ext).find(existsSync);
  return found ?? base;
}

/** Where each way of importing zod is allowed (src/lib/zod.ts says why). */
const ZOD_IMPORTS: Record<string, RegExp> = {
  zod: /^src\/lib\/zod\.ts$/,
  'zod/mini': /^src\/lib\/zod-mini\.ts$/,
  // The error class both flavours throw and the English messages: the setup modules only.
  'zod/v4/core': /^src\/lib\/zod(-[a-z-]+)?\.ts$/,
  'zod/v4/locales/en.js': /^src\/lib\/zod(-[a-z-]+)?\.ts$/,
  'astro/zod': /^src\/(content\/|lib\/site-settings\.schema\.ts$)/,
};

export function zodImportRule(file: string, specifier: string): string | null {
  if (specifier !== 'astro/zod' && specifier !== 'zod' && !specifier.startsWith('zod/'))
    return null;
  if (ZOD_IMPORTS[specifier]?.test(file)) return null;
  return 'zod comes through src/lib/zod.ts (server) or src/lib/zod-mini.ts (browser)';
}

export function layeringViolations(root: string): Violation[] {
  const files = [...walk(path.join(root, 'src')), ...walk(path.join(root, 'netlify', 'functions'))];
  const violations: Violation[] = [];
  for (const file of files) {
    if (/\.test\.(ts|tsx|mts)$/.test(file)) continue;
    const from = placeOf(root, file);
    const text = readFileSync(file, 'utf8');
    violations.push(...componentRequests(root, file, text));
    for (const specifier of importsOf(text)) {
      const report = (rule: string) =>
        violations.push({ file: path.relative(root, file), specifier, rule });
      const zodRule = zodImportRule(path.relative(root, file).split(path.sep).join('/'), specifier);
      if (zodRule) report(zodRule);
      const target = resolve(file, specifier);
      if (!target) continue;
      const to = placeOf(root, target);
      if (to.layer === 'testing' && from.layer !== 'testing')
        report('only tests and scripts use src/testing');
      else if (from.layer === 'lib' && to.layer !== 'lib' && !isContentData(root, target))
        report('src/lib imports only src/lib (and src/content data)');
      else if (from.layer === 'server' && to.layer !== 'server' && to.layer !== 'lib')
        report('src/server imports only src/server and src/lib');
      else if (
        from.layer === 'page-runtime' &&
        (to.layer === 'features' || to.layer === 'server' || to.layer === 'pages')
      )
        report('src/page-runtime imports no feature, server code or page');
      else if (
        from.layer === 'components' &&
        (to.layer === 'features' || to.layer === 'server' || to.layer === 'pages')
      )
        report('components import no feature, server code or page');
      else if (
        from.layer === 'features' &&
        (to.layer === 'pages' || to.layer === 'layouts' || to.layer === 'functions')
      )
        report('features import no page, layout or function');
      else if (
        from.layer === 'features' &&
        to.layer === 'features' &&
        from.feature !== to.feature &&
        !isPublicModule(to.feature, to.file) &&
        !(
          path.relative(root, file).split(path.sep).join('/') === PERSONAL_DATA_REGISTRY &&
          importsOnlyPersonalData(text, specifier)
        )
      )
        report(`another feature's internals (use ${to.feature}'s public module)`);
      else if (
        (from.layer === 'pages' || from.layer === 'layouts' || from.layer === 'functions') &&
        to.layer === 'features' &&
        !isPublicModule(to.feature, to.file)
      )
        report(`a feature's internals (use ${to.feature}'s public module)`);
      else if (from.layer === 'pages' && to.layer === 'server' && /[/\\]db[/\\]/.test(target))
        report('pages do not open the database (call a feature service)');
    }
  }
  return violations;
}

export const COMPONENT_REQUEST_RULE =
  "components only render: requests live in the feature's store";

export function isComponentFile(file: string): boolean {
  return /^src\/.+\.tsx$/.test(file) && !/-emails\.tsx$/.test(file) && !/\.test\.tsx$/.test(file);
}

const REQUEST_IMPORTS: Record<string, 'all' | readonly string[]> = {
  'src/lib/request-json.ts': 'all',
  'src/features/admin/shell/api.ts': ['adminFetch'],
};

function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');
}

export function callsFetch(text: string): boolean {
  return /(?<![\w$])fetch\(/.test(withoutComments(text));
}

const IMPORT_CLAUSE =
  /\b(?:import|export)\s+(?:type\s+)?([^'"`;]*?)\s+from\s+['"]([^'"]+)['"]|\bimport\s*(?:\(\s*)?['"]([^'"]+)['"]/g;

/** Per import: `default`, the named ones (`a` of `a as b`), `*` for a namespace, `export *` or `import()`. */
export function importedNames(text: string): { specifier: string; names: string[] }[] {
  return [...withoutComments(text).matchAll(IMPORT_CLAUSE)].map((m) => {
    if (m[3]) return { specifier: m[3], names: /\bimport\s*\(/.test(m[0]) ? ['*'] : [] };
    const clause = m[1]!;
    const names: string[] = [];
    const named = /\{([^}]*)\}/.exec(clause)?.[1] ?? '';
    for (const part of named.split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0];
      if (name) names.push(name);
    }
    const rest = clause
      .replace(/\{[^}]*\}/, '')
      .replace(/,/g, ' ')
      .trim();
    if (rest.startsWith('*')) names.push('*');
    else if (rest) names.push('default');
    return { specifier: m[2]!, names };
  });
}

function componentRequests(root: string, file: string, text: string): Violation[] {
  const relative = (to: string) => path.relative(root, to).split(path.sep).join('/');
  if (!isComponentFile(relative(file))) return [];
  const found: Violation[] = [];
  const report = (specifier: string) =>
    found.push({ file: path.relative(root, file), specifier, rule: COMPONENT_REQUEST_RULE });
  if (callsFetch(text)) report('fetch(');
  for (const { specifier, names } of importedNames(text)) {
    const target = resolve(file, specifier);
    const refused = target && REQUEST_IMPORTS[relative(target)];
    if (!refused) continue;
    if (refused === 'all' || names.some((name) => name === '*' || refused.includes(name)))
      report(specifier);
  }
  return found;
}

export function featureGraph(root: string): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of walk(path.join(root, 'src', 'features'))) {
    if (/\.test\.(ts|tsx|mts)$/.test(file)) continue;
    const from = placeOf(root, file);
    if (from.layer !== 'features') continue;
    const deps = graph.get(from.feature) ?? new Set<string>();
    graph.set(from.feature, deps);
    for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
      const target = resolve(file, specifier);
      if (!target) continue;
      const to = placeOf(root, target);
      if (to.layer === 'features' && to.feature !== from.feature) deps.add(to.feature);
    }
  }
  return graph;
}

export function featureCycles(graph: Map<string, Set<string>>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const visit = (feature: string) => {
    state.set(feature, 'visiting');
    stack.push(feature);
    for (const next of [...(graph.get(feature) ?? [])].sort()) {
      if (state.get(next) === 'visiting') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(feature, 'done');
  };
  for (const feature of [...graph.keys()].sort()) if (!state.has(feature)) visit(feature);
  return cycles;
}

const FEATURE_FILE =
  /^(?:[A-Z][A-Za-z0-9]*\.(?:tsx|astro)|[a-z][a-z0-9-]*(?:\.(?:server|store|client))?(?:\.pg\.test|\.test)?\.tsx?|[a-z][a-z0-9-]*\.css)$/;

export function featureFileNameViolations(root: string): string[] {
  const features = path.join(root, 'src', 'features');
  return walkAll(features)
    .map((file) => path.relative(root, file).split(path.sep).join('/'))
    .filter((file) => !FEATURE_FILE.test(path.basename(file)));
}

function walkAll(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walkAll(full) : [full];
  });
}
