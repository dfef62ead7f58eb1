/**
 * Vitest setup file (vitest.config.ts): test files share a worker and its modules, so what a
 * file leaves in the process (database, injected stores, environment, timers, globals) is undone
 * after its last test, before the next file starts.
 */
import { afterAll, vi } from 'vitest';
import { setBackgroundRunner } from '../server/background.ts';
import { closeDb } from '../server/db/client.ts';
import { setExportStore } from '../server/exports/export-files.ts';
import { setLogoStore } from '../server/uploads/logo.ts';

const envObject = process.env;
const envAtStart = { ...process.env };

function restoreEnv(): void {
  for (const name of Object.keys(envObject)) if (!(name in envAtStart)) delete envObject[name];
  for (const [name, value] of Object.entries(envAtStart)) envObject[name] = value;
}

afterAll(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  const replaced = process.env !== envObject;
  // A replaced object is not the environment process.loadEnvFile and child processes read.
  if (replaced) process.env = envObject;
  restoreEnv();
  setBackgroundRunner(undefined);
  setExportStore(undefined);
  setLogoStore(undefined);
  await closeDb();
  if (replaced)
    throw new Error('A test replaced process.env: change it in place, or with vi.stubEnv');
});
