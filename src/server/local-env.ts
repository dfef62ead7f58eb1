// Never on Netlify, where the platform's variables are the only configuration, and not in the unit
// tests, which stay hermetic. Variables already set win over the file.
import { existsSync } from 'node:fs';
import path from 'node:path';

export function loadLocalEnv(root = process.cwd(), env: NodeJS.ProcessEnv = process.env) {
  if (env.NETLIFY === 'true' || env.VITEST) return null;
  const file = path.join(root, '.env');
  if (!existsSync(file)) return null;
  process.loadEnvFile(file);
  return file;
}
