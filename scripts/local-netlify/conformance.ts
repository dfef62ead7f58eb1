// The local host's routing against the manifest `netlify build` writes, so a Netlify upgrade that
// changes routing fails here instead of drifting silently.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BUNDLED_DIR, loadFunctions, pickFunction, type LoadedFunction } from './function-host.ts';
import { isBackgroundFunction } from './netlify-routing.ts';

type ManifestRoute = {
  pattern: string;
  literal?: string;
  expression?: string;
  methods?: string[];
  prefer_static?: boolean;
};
export type ManifestFunction = {
  name: string;
  schedule?: string;
  invocationMode?: string;
  routes?: ManifestRoute[];
  generator?: string;
};
export type Manifest = { functions: ManifestFunction[] };

export const MANIFEST = path.join('.netlify', 'functions', 'manifest.json');
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

export function concretePath(pattern: string): {
  pathname: string;
  params: Record<string, string>;
} {
  const params: Record<string, string> = {};
  const pathname = pattern
    .replace(/:(\w+)/g, (_, name: string) => {
      params[name] = `v-${name}`;
      return params[name]!;
    })
    .replace(/\*/g, 'any/thing');
  return { pathname, params };
}

function netlifyMatches(route: ManifestRoute, pathname: string): boolean {
  if (route.literal !== undefined)
    return route.literal === pathname || `${route.literal}/` === pathname;
  return route.expression !== undefined && new RegExp(route.expression).test(pathname);
}

function sameParams(a: Record<string, string> | undefined, b: Record<string, string>): boolean {
  const sorted = (o: Record<string, string>) => JSON.stringify(Object.entries(o).sort());
  return a !== undefined && sorted(a) === sorted(b);
}

export function conformanceProblems(manifest: Manifest, local: LoadedFunction[]): string[] {
  const problems: string[] = [];
  const deployed = manifest.functions.filter((f) => f.name !== 'ssr');
  const localNames = new Set(local.map((f) => f.name));
  for (const fn of deployed) {
    if (!localNames.has(fn.name))
      problems.push(`${fn.name}: in Netlify's manifest, not served locally`);
  }
  for (const name of localNames) {
    if (!deployed.some((f) => f.name === name))
      problems.push(`${name}: served locally, not in Netlify's manifest`);
  }
  const ssr = manifest.functions.find((f) => f.name === 'ssr');
  if (!ssr?.routes?.some((r) => r.pattern === '/*' && r.prefer_static)) {
    problems.push("ssr: Netlify's manifest has no catch-all route that prefers static files");
  }

  for (const fn of deployed) {
    const own = local.find((f) => f.name === fn.name);
    if (!own) continue;
    const background = isBackgroundFunction(own.name, own.config);
    if ((fn.invocationMode === 'background') !== background)
      problems.push(
        `${fn.name}: ${fn.invocationMode === 'background' ? 'a background function' : 'not a background function'} on Netlify, ${background ? 'one' : 'not one'} locally`,
      );
    if (fn.schedule !== undefined || own.config?.schedule !== undefined) {
      if (fn.schedule !== own.config?.schedule) {
        problems.push(
          `${fn.name}: schedule ${fn.schedule} on Netlify, ${own.config?.schedule} locally`,
        );
      }
      if (fn.routes?.length)
        problems.push(`${fn.name}: a scheduled function with routes on Netlify`);
      const { pathname } = concretePath(`/.netlify/functions/${fn.name}`);
      if (pickFunction(local, pathname, 'GET'))
        problems.push(`${fn.name}: scheduled, yet reachable locally at ${pathname}`);
      continue;
    }
    for (const route of fn.routes ?? []) {
      const { pathname, params } = concretePath(route.pattern);
      if (!netlifyMatches(route, pathname)) {
        problems.push(
          `${fn.name}: Netlify's own route ${route.pattern} does not match ${pathname} (check concretePath)`,
        );
        continue;
      }
      const methods = route.methods?.length ? route.methods : METHODS;
      for (const method of METHODS) {
        const routedOnNetlify =
          methods.includes(method) || (method === 'HEAD' && methods.includes('GET'));
        const hit = pickFunction(local, pathname, method);
        if (routedOnNetlify && hit?.fn.name !== fn.name) {
          problems.push(
            `${fn.name}: ${method} ${pathname} goes to ${hit?.fn.name ?? 'nothing'} locally`,
          );
        } else if (routedOnNetlify && sameParams(hit?.params, params) === false) {
          problems.push(
            `${fn.name}: ${method} ${pathname} params ${JSON.stringify(hit?.params)} locally, ${JSON.stringify(params)} on Netlify`,
          );
        } else if (!routedOnNetlify && hit?.fn.name === fn.name) {
          problems.push(`${fn.name}: ${method} ${pathname} is routed locally, not on Netlify`);
        }
      }
    }
  }
  return problems;
}

export async function checkConformance(
  root = process.cwd(),
): Promise<{ functions: number; problems: string[] }> {
  const manifestPath = path.join(root, MANIFEST);
  const manifest = JSON.parse(
    await readFile(manifestPath, 'utf8').catch(() => {
      throw new Error(`No ${MANIFEST}: run \`npm run build:netlify\` first.`);
    }),
  ) as Manifest;
  const local = await loadFunctions(path.join(root, BUNDLED_DIR), () => {});
  return { functions: manifest.functions.length, problems: conformanceProblems(manifest, local) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { functions, problems } = await checkConformance();
  if (problems.length) {
    console.error(`The local host differs from Netlify's manifest:\n- ${problems.join('\n- ')}`);
    process.exitCode = 1;
  } else {
    console.log(
      `check:netlify: the local host routes all ${functions} functions of Netlify's manifest as Netlify does.`,
    );
  }
}
