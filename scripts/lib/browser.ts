/**
 * Which Chromium the e2e suite, the JS budget and the Lighthouse audit drive: CHROME_PATH when
 * set, else Debian's Chromium (`.ci/run` installs it; Playwright's own download is not
 * reachable here), else Playwright's own Chromium (`npx playwright install chromium`).
 */
import { existsSync } from 'node:fs';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

export function chromiumExecutable(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.CHROME_PATH) return env.CHROME_PATH;
  return existsSync(DEBIAN_CHROMIUM) ? DEBIAN_CHROMIUM : undefined;
}

/** Launch options naming the executable, or none (Playwright then uses its own browser). */
export function executableOption(env: NodeJS.ProcessEnv = process.env): {
  executablePath?: string;
} {
  const found = chromiumExecutable(env);
  return found ? { executablePath: found } : {};
}
