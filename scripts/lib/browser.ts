/**
 * Which Chromium the e2e suite, the JS budget, Lighthouse, the e-mail previews and the
 * benchmarks drive: CHROME_PATH when set, else the Chromium inside the `@sparticuz/chromium`
 * npm package. That one is a headless shell that needs nothing from the system beyond glibc
 * and brings its own fonts, so `npm install` is the whole set-up: no apt, no root, no download
 * (Playwright's own `npx playwright install` downloads, and nothing but the npm registry is
 * reachable on our machines). It is unpacked once per checkout into node_modules/.cache.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);

/** The package's folder (it exports only its entry, build/index.js) and its version. */
function packagedChromiumPackage(): { folder: string; version: string } {
  const folder = path.resolve(path.dirname(require.resolve('@sparticuz/chromium')), '..');
  const manifest = path.join(folder, 'package.json');
  return {
    folder,
    version: (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version,
  };
}

/** The unpacked browser: node_modules/.cache/packaged-chromium-<version>/. */
export function packagedChromiumFolder(): string {
  const { folder, version } = packagedChromiumPackage();
  return path.join(folder, '..', '..', '.cache', `packaged-chromium-${version}`);
}

/**
 * Unpacks the package's browser with the package's own code, which writes to the temporary
 * folder it is given. Into a private folder first and renamed at the end, so two processes
 * starting at once (Playwright's workers, Lighthouse) never see half a browser.
 */
function unpackChromium(folder: string): void {
  const staging = `${folder}.${process.pid}.partial`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  const entry = pathToFileURL(require.resolve('@sparticuz/chromium')).href;
  execFileSync(
    process.execPath,
    ['--input-type=module', '-e', `await (await import('${entry}')).default.executablePath()`],
    { env: { ...process.env, TMPDIR: staging }, stdio: 'inherit' },
  );
  // The package's fonts.conf names /tmp/fonts (a Lambda's layout); this one names where the
  // fonts are, after the system's own configuration when the machine has one.
  writeFileSync(
    path.join(staging, 'fonts.conf'),
    `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <dir>${path.join(folder, 'fonts', 'fonts')}</dir>
  <cachedir>${path.join(folder, 'fonts-cache')}</cachedir>
</fontconfig>
`,
  );
  try {
    renameSync(staging, folder);
  } catch (error) {
    // Another process finished first: its copy is as good as ours.
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(path.join(folder, 'chromium'))) throw error;
  }
}

function packagedChromium(): string {
  const folder = packagedChromiumFolder();
  const executable = path.join(folder, 'chromium');
  if (!existsSync(executable)) unpackChromium(folder);
  return executable;
}

export function chromiumExecutable(env: NodeJS.ProcessEnv = process.env): string {
  return env.CHROME_PATH || packagedChromium();
}

/**
 * The browser's environment: the packaged browser finds its fonts through FONTCONFIG_FILE
 * (a machine without fontconfig would otherwise draw no text at all).
 */
export function browserEnvironment(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  if (env.CHROME_PATH) return { ...env };
  packagedChromium();
  return { ...env, FONTCONFIG_FILE: path.join(packagedChromiumFolder(), 'fonts.conf') };
}

/** Which browser a report was made in, for its header. */
export function chromiumLabel(env: NodeJS.ProcessEnv = process.env): string {
  if (env.CHROME_PATH) return `Chromium at ${env.CHROME_PATH}`;
  return `the Chromium of @sparticuz/chromium ${packagedChromiumPackage().version}`;
}

/** Playwright launch options naming the executable and its environment. */
export function executableOption(env: NodeJS.ProcessEnv = process.env): {
  executablePath: string;
  env: NodeJS.ProcessEnv;
} {
  return { executablePath: chromiumExecutable(env), env: browserEnvironment(env) };
}
