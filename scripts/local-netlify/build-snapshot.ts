// Copied under the shared build lock, so a build started meanwhile cannot change the files under a
// running test.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { BUNDLED_DIR } from './function-host.ts';

const BUILD_LOCK = '/tmp/astro-build.lock';

/** Under .netlify/, inside the project: the SSR bundle still finds the project's node_modules. */
export async function snapshotBuild(
  root: string,
): Promise<{ dir: string; remove: () => Promise<void> }> {
  const parent = path.join(root, '.netlify');
  await mkdir(parent, { recursive: true });
  for (const name of await readdir(parent)) {
    const pid = /^serve-(\d+)-/.exec(name)?.[1];
    if (pid && !isAlive(Number(pid)))
      await rm(path.join(parent, name), { recursive: true, force: true });
  }
  const dir = await mkdtemp(path.join(parent, `serve-${process.pid}-`));
  // A build run without the lock can still be half-written: copy again until every asset a
  // page references is there.
  for (let attempt = 1; ; attempt++) {
    copyBuild(root, dir);
    const missing = await missingAssets(path.join(dir, 'dist'));
    if (!missing.length) break;
    if (attempt === 10) {
      throw new Error(
        `The build in ${root}/dist is incomplete (missing ${missing.slice(0, 3).join(', ')})`,
      );
    }
    console.warn(`[serve] build incomplete (${missing[0]} missing), copying again in 5 s`);
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir);
    await new Promise((r) => setTimeout(r, 5_000));
  }
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

function copyBuild(root: string, dir: string): void {
  const script =
    'cp -a dist "$1/dist" && mkdir -p "$1/.netlify" && ' +
    '{ if [ -d .netlify/v1 ]; then cp -a .netlify/v1 "$1/.netlify/v1"; fi; } && ' +
    `{ if [ -d ${BUNDLED_DIR} ]; then cp -a ${BUNDLED_DIR} "$1/${BUNDLED_DIR}"; fi; }`;
  const result = spawnSync('flock', [BUILD_LOCK, 'sh', '-c', script, 'sh', dir], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0)
    throw new Error(`Could not copy the build (is there a dist/ in ${root}?)`);
}

async function missingAssets(distDir: string): Promise<string[]> {
  const missing = new Set<string>();
  const walk = async (dir: string) => {
    for (const e of await readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) await walk(full);
      else if (e.name.endsWith('.html')) {
        const html = await readFile(full, 'utf8');
        for (const m of html.matchAll(
          /(?:href|src|component-url|renderer-url)="(\/_astro\/[^"?#]+)"/g,
        )) {
          if (!existsSync(path.join(distDir, m[1]!))) missing.add(m[1]!);
        }
      }
    }
  };
  await walk(distDir);
  return [...missing];
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
