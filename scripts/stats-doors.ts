// A feature's front door (`src/features/<name>/<name>.server.ts` or `<name>.ts`) re-exports what
// other code imports from it; a name nobody imports from the door is a shim. `-- --names` lists them.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const SOURCE = /\.(ts|tsx|mts|mjs|astro)$/;
const DOOR = /^src\/features\/([^/]+)\/\1(\.server)?\.ts$/;
const RE_EXPORT = /export\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"][^'"]+['"]/g;
const STAR = /export\s+\*\s+from\s*['"](\.[^'"]+)['"]/g;
const USE =
  /(?:import|export)\s+(?:type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]/g;

/** The names a file re-exports from its siblings (`b` for `a as b`). */
export function reExportedNames(text: string): string[] {
  return [...text.matchAll(RE_EXPORT)].flatMap(([, list]) => namesIn(list!, 'exported'));
}

/** The modules a file passes on whole (`export * from`), as `usesOf` names them. */
export function starTargets(file: string, text: string): string[] {
  return [...text.matchAll(STAR)].map(([, spec]) => moduleOf(file, spec!));
}

const moduleOf = (file: string, specifier: string) =>
  path.join(path.dirname(file), specifier).replace(/\.(ts|tsx|mts)$/, '');

function namesIn(list: string, side: 'imported' | 'exported'): string[] {
  return list
    .split(',')
    .map((item) => item.replace(/^\s*type\s+/, '').trim())
    .filter(Boolean)
    .map((item) => {
      const [name, alias] = item.split(/\s+as\s+/);
      return side === 'exported' ? (alias ?? name!) : name!;
    });
}

/** What `file` takes from each module it names: a list of names, or '*' (a namespace, a dynamic import). */
type Use = { target: string; names: string[] | '*' };

export function usesOf(file: string, text: string): Use[] {
  return [...text.matchAll(USE)].flatMap<Use>(([, clause, spec, dynamicSpec]) => {
    const specifier = spec ?? dynamicSpec!;
    if (!specifier.startsWith('.')) return [];
    const target = moduleOf(file, specifier);
    if (dynamicSpec || clause?.includes('*')) return [{ target, names: '*' }];
    const braces = clause?.match(/\{([^}]*)\}/)?.[1];
    return [{ target, names: braces ? namesIn(braces, 'imported') : [] }];
  });
}

function main(): void {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => SOURCE.test(file) && !file.startsWith('node_modules'));
  const doors = new Map(
    files
      .filter((file) => DOOR.test(file))
      .map((door) => {
        const text = readFileSync(door, 'utf8');
        const names = new Set(reExportedNames(text));
        return [
          moduleOf(door, `./${path.basename(door)}`),
          { names, stars: starTargets(door, text) },
        ];
      }),
  );
  const used = new Map<string, Set<string>>();
  // A name a door passes on whole from another door counts as taken from that door too.
  const take = (target: string, name: string) => {
    const door = doors.get(target);
    if (!door) return;
    if (door.names.has(name)) used.set(target, (used.get(target) ?? new Set()).add(name));
    for (const star of door.stars) take(star, name);
  };
  for (const file of files) {
    for (const { target, names } of usesOf(file, readFileSync(file, 'utf8'))) {
      const door = doors.get(target);
      if (!door || file.startsWith(path.dirname(target) + '/')) continue;
      for (const name of names === '*' ? door.names : names) take(target, name);
    }
  }
  let total = 0;
  let unused = 0;
  for (const [door, { names }] of doors) {
    const idle = [...names].filter((name) => !used.get(door)?.has(name));
    total += names.size;
    unused += idle.length;
    if (idle.length && process.argv.includes('--names')) console.log(`${door}: ${idle.join(', ')}`);
  }
  console.log(
    `front doors: ${doors.size}, re-exported names: ${total}, imported by nobody: ${unused}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) main();
