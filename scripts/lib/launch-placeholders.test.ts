import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  findPlaceholders,
  isFictionalPhone,
  launchCheck,
  launchPlaceholders,
  SETTINGS_FILE,
} from './launch-placeholders.ts';

describe('isFictionalPhone', () => {
  it('flags the 555 area code and 555-01XX numbers, in any notation', () => {
    for (const n of [
      '(555) 014-2024',
      '+15550142024',
      '555.014.2024',
      '(206) 555-0142',
      '+1 206 555 0199',
    ]) {
      expect(isFictionalPhone(n), n).toBe(true);
    }
  });
  it('leaves real-looking numbers alone, including 555 outside the reserved block', () => {
    for (const n of ['(206) 555-1234', '+12065550200', '+44 20 7946 0958', '2024-11-25']) {
      expect(isFictionalPhone(n), n).toBe(false);
    }
  });
});

describe('findPlaceholders', () => {
  it('finds reserved example hosts and addresses with their line', () => {
    const found = findPlaceholders(
      'a.yaml',
      'url: https://real.shop/\nurl: https://bakery.example/\nmail: me@example.com',
    );
    expect(found.map((f) => [f.line, f.value])).toEqual([
      [2, 'bakery.example'],
      [3, 'example.com'],
    ]);
  });
  it('flags "example" anywhere only in the settings file', () => {
    const text = '{\n  "name": "NovaReach Digital",\n  "street": "1 Example Plaza"\n}';
    expect(findPlaceholders('other.json', text)).toEqual([]);
    expect(findPlaceholders(SETTINGS_FILE, text, { strict: true })).toEqual([
      {
        file: SETTINGS_FILE,
        line: 3,
        value: '"street": "1 Example Plaza"',
        reason: 'sample value',
      },
    ]);
  });
  it('flags a drawn SVG portrait', () => {
    expect(findPlaceholders('team.yaml', '  avatar: ../assets/team/a.svg')[0]?.reason).toBe(
      'drawn portrait, not a photo',
    );
    expect(findPlaceholders('team.yaml', '  avatar: ../assets/team/a.jpg')).toEqual([]);
  });
});

describe('the build check', () => {
  let root: string | undefined;
  afterEach(async () => {
    vi.unstubAllEnvs();
    if (root) await rm(root, { recursive: true, force: true });
  });

  async function siteWith(settings: string) {
    root = await mkdtemp(path.join(os.tmpdir(), 'launch-'));
    await mkdir(path.join(root, 'src/content/pages'), { recursive: true });
    await writeFile(path.join(root, SETTINGS_FILE), settings);
    await writeFile(
      path.join(root, 'src/content/pages/terms.md'),
      'Write to [us](mailto:{{supportEmail}}).',
    );
    return root;
  }

  async function build(dir: string) {
    const warn = vi.fn();
    const hook = launchCheck(dir).hooks['astro:build:start'] as (o: unknown) => Promise<void>;
    await hook({ logger: { warn } });
    return warn;
  }

  it('fails a production build (CONTEXT=production) with every placeholder listed', async () => {
    const dir = await siteWith(
      '{ "supportEmail": "support@agency.example",\n "phone": "(555) 014-2024" }',
    );
    vi.stubEnv('CONTEXT', 'production');
    const error = await build(dir).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/Production build stopped\. 2 placeholder value/);
    expect((error as Error).message).toContain('src/content/settings.json:1  agency.example');
    expect((error as Error).message).toContain('src/content/settings.json:2  (555) 014-2024');
  });

  it('only warns in any other build, and is silent once everything is real', async () => {
    vi.stubEnv('CONTEXT', 'deploy-preview');
    const warn = await build(await siteWith('{ "supportEmail": "support@agency.example" }'));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('CONTEXT=production'));
    await rm(root!, { recursive: true });
    vi.stubEnv('CONTEXT', 'production');
    expect(
      await build(await siteWith('{ "supportEmail": "support@agency.com" }')),
    ).not.toHaveBeenCalled();
  });

  it('reports the real content of this repository (the samples still in it)', async () => {
    const found = await launchPlaceholders(process.cwd());
    expect(found.map((f) => f.file)).toEqual(
      expect.arrayContaining([SETTINGS_FILE, 'src/content/portfolio/harbor-street-dental.yaml']),
    );
  });
});
