/**
 * Discovery, the first part of the fuzz engine behind fuzz.test.mts: every function in
 * netlify/functions is imported; its `config.path` (one or several patterns) and
 * `config.method` decide what is fuzzed (`ENDPOINTS`). Modules without a path (scheduled or
 * background functions) are `SKIPPED`.
 * (How the engine's files depend on each other: fuzz.test.mts.)
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The methods a function without `config.method` answers (and the fuzz sends). */
export const ALL_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

type Handler = (req: Request, context: unknown) => Promise<Response> | Response;
type FunctionModule = {
  default?: Handler;
  config?: { path?: string | string[]; method?: string | string[]; schedule?: string };
};
export type Endpoint = {
  file: string;
  pattern: string;
  methods: string[];
  handler: Handler;
  label: string;
};

const FUNCTIONS_DIR = path.resolve('netlify/functions');
const SOURCE = /\.(mts|ts|mjs|js|cts|cjs)$/;

/** Function entry files: `name.mts` directly in the folder, or `name/name.mts` / `name/index.mts`. */
function functionFiles(): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(FUNCTIONS_DIR, { withFileTypes: true })) {
    if (entry.isFile() && SOURCE.test(entry.name) && !/\.(test|spec|d)\./.test(entry.name)) {
      files.push(entry.name);
    } else if (entry.isDirectory()) {
      const inner = readdirSync(path.join(FUNCTIONS_DIR, entry.name));
      const main =
        inner.find((f) => SOURCE.test(f) && f.replace(SOURCE, '') === entry.name) ??
        inner.find((f) => SOURCE.test(f) && f.replace(SOURCE, '') === 'index');
      if (main && statSync(path.join(FUNCTIONS_DIR, entry.name, main)).isFile())
        files.push(`${entry.name}/${main}`);
    }
  }
  return files.sort();
}

const LOADED = await Promise.all(
  functionFiles().map(async (file) => ({
    file,
    mod: (await import(
      /* @vite-ignore */ pathToFileURL(path.join(FUNCTIONS_DIR, file)).href
    )) as FunctionModule,
  })),
);

/** One entry per route pattern of every function with an HTTP path. */
export const ENDPOINTS: Endpoint[] = LOADED.flatMap(({ file, mod }) => {
  const patterns = [mod.config?.path ?? []].flat();
  const methods = [mod.config?.method ?? ALL_METHODS].flat().map((m) => m.toUpperCase());
  if (!mod.default) return [];
  return patterns.map((pattern) => ({
    file,
    pattern,
    methods,
    handler: mod.default!,
    label: patterns.length > 1 ? `${file} ${pattern}` : file,
  }));
});
/** Functions without an HTTP path (scheduled or background), listed in the report. */
export const SKIPPED = LOADED.filter(({ mod }) => [mod.config?.path ?? []].flat().length === 0);
