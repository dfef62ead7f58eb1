// REUSE_BUILD=1 keeps a build of the same source and variables: `npm test` builds once and
// `netlify serve`, which always runs the build command, reuses it.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { bundleFunctions } from './bundle-functions.ts';

export const BUILD_STAMP = path.join('.netlify', 'build-stamp.txt');
const BUILD_VARIABLES = /^(SITE_URL|URL|DEPLOY_ID|CONTEXT|NETLIFY|PUBLIC_.*|KEYSTATIC_.*)$/;
const OUTPUTS = [
  'dist/index.html',
  '.netlify/v1/functions/ssr/ssr.mjs',
  '.netlify/functions-bundled',
  '.netlify/v1/config.json',
];

/** A digest of everything a build reads: the commit, uncommitted changes, new files, variables. */
export function sourceFingerprint(root = process.cwd(), env = process.env): string {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' });
  const hash = createHash('sha256');
  hash.update(git('rev-parse', 'HEAD'));
  hash.update(git('diff', 'HEAD', '--binary', '--', '.', ':!node_modules'));
  for (const file of git('ls-files', '--others', '--exclude-standard').split('\n').sort()) {
    if (!file) continue;
    hash.update(file);
    hash.update(readFileSync(path.join(root, file)));
  }
  for (const name of Object.keys(env)
    .filter((n) => BUILD_VARIABLES.test(n))
    .sort()) {
    hash.update(`${name}=${env[name]}\n`);
  }
  return hash.digest('hex');
}

function reusable(fingerprint: string): boolean {
  if (!OUTPUTS.every((file) => existsSync(file)) || !existsSync(BUILD_STAMP)) return false;
  return readFileSync(BUILD_STAMP, 'utf8').trim() === fingerprint;
}

async function main(): Promise<void> {
  const fingerprint = sourceFingerprint();
  if (process.env.REUSE_BUILD === '1' && reusable(fingerprint)) {
    console.log('[build] the build of this source is already there (REUSE_BUILD=1): kept');
    return;
  }
  await rm(BUILD_STAMP, { force: true });
  const astro = spawnSync('astro', ['build'], { stdio: 'inherit' });
  if (astro.status !== 0) process.exit(astro.status ?? 1);
  const names = await bundleFunctions();
  console.log(`[build] ${names.length} functions bundled into .netlify/functions-bundled`);
  await writeFile(BUILD_STAMP, `${fingerprint}\n`);
}

await main();
