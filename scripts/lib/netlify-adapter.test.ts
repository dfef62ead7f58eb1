import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { NETLIFY_BUILD_OUTPUTS, netlifyAdapter } from './netlify-adapter.ts';

let root: string;
afterEach(() => rm(root, { recursive: true, force: true }));

async function builtProject(): Promise<string> {
  root = await mkdtemp(path.join(tmpdir(), 'netlify-adapter-'));
  for (const output of NETLIFY_BUILD_OUTPUTS) {
    await mkdir(path.join(root, output), { recursive: true });
    await writeFile(path.join(root, output, 'entry.mjs'), 'export default 1;');
  }
  return root;
}

/** Runs the adapter's setup hook as Astro does for `command`. */
async function setUp(command: 'dev' | 'build' | 'sync') {
  const setup = netlifyAdapter({ imageCDN: false }).hooks['astro:config:setup']!;
  const logger = { info() {}, warn() {}, error() {}, debug() {} };
  await setup({
    command,
    config: {
      root: pathToFileURL(`${root}/`),
      outDir: pathToFileURL(`${root}/dist/`),
      image: { domains: [], remotePatterns: [] },
    },
    updateConfig: () => ({}),
    logger,
  } as unknown as Parameters<typeof setup>[0]);
}

describe('the Netlify adapter beside a build', () => {
  it('keeps the built functions when `astro dev` or `astro check` sets up', async () => {
    await builtProject();
    for (const command of ['dev', 'sync'] as const) {
      await setUp(command);
      for (const output of NETLIFY_BUILD_OUTPUTS) {
        expect(existsSync(path.join(root, output, 'entry.mjs')), `${command}: ${output}`).toBe(
          true,
        );
      }
    }
    expect((await readdir(path.join(root, '.netlify'))).sort()).toEqual(['build', 'v1']);
  });

  it('still empties them before `astro build` writes new ones', async () => {
    await builtProject();
    await setUp('build');
    for (const output of NETLIFY_BUILD_OUTPUTS) {
      expect(await readdir(path.join(root, output)), output).toEqual([]);
    }
  });
});
