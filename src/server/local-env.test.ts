import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadLocalEnv } from './local-env';

const dirs: string[] = [];
function project(envText?: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'local-env-'));
  dirs.push(dir);
  if (envText !== undefined) writeFileSync(path.join(dir, '.env'), envText);
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  delete process.env.LOCAL_ENV_TEST_A;
  delete process.env.LOCAL_ENV_TEST_B;
});

describe('loadLocalEnv', () => {
  it('loads .env for a local run, and the environment wins over the file', () => {
    const root = project('LOCAL_ENV_TEST_A=from-file\nLOCAL_ENV_TEST_B=from-file\n');
    process.env.LOCAL_ENV_TEST_B = 'from-env';
    expect(loadLocalEnv(root, {})).toBe(path.join(root, '.env'));
    expect(process.env.LOCAL_ENV_TEST_A).toBe('from-file');
    expect(process.env.LOCAL_ENV_TEST_B).toBe('from-env');
  });

  it('does nothing without a file, on Netlify, or in the unit tests', () => {
    expect(loadLocalEnv(project(), {})).toBeNull();
    const root = project('LOCAL_ENV_TEST_A=from-file\n');
    expect(loadLocalEnv(root, { NETLIFY: 'true' })).toBeNull();
    expect(loadLocalEnv(root, { VITEST: 'true' })).toBeNull();
    expect(process.env.LOCAL_ENV_TEST_A).toBeUndefined();
  });
});
