/**
 * `.env` for local runs (`npm run dev`, `npm run preview`, the admin and migration scripts),
 * as .env.example tells a newcomer to create it. Never on Netlify, where the platform's
 * variables are the only configuration, and not in the unit tests, which stay hermetic.
 * Variables already set in the environment win over the file.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

/** Loads `<root>/.env` into process.env; answers the file loaded, or null. */
export function loadLocalEnv(root = process.cwd(), env: NodeJS.ProcessEnv = process.env) {
  if (env.NETLIFY === 'true' || env.VITEST) return null;
  const file = path.join(root, '.env');
  if (!existsSync(file)) return null;
  process.loadEnvFile(file);
  return file;
}
