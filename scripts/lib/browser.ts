// The `@sparticuz/chromium` headless shell unless CHROME_PATH: it needs only glibc and brings its
// own fonts, and nothing but the npm registry is reachable on our machines.
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

export function packagedChromiumFolder(): string {
  const { folder, version } = packagedChromiumPackage();
  return path.join(folder, '..', '..', '.cache', `packaged-chromium-${version}`);
}

// Into a private folder first and renamed at the end, so two processes starting at once
// (Playwright's workers, Lighthouse) never see half a browser.
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

/** FONTCONFIG_FILE for the packaged browser: a machine without fontconfig would draw no text. */
export function browserEnvironment(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  if (env.CHROME_PATH) return { ...env };
  packagedChromium();
  return { ...env, FONTCONFIG_FILE: path.join(packagedChromiumFolder(), 'fonts.conf') };
}

export function chromiumLabel(env: NodeJS.ProcessEnv = process.env): string {
  if (env.CHROME_PATH) return `Chromium at ${env.CHROME_PATH}`;
  return `the Chromium of @sparticuz/chromium ${packagedChromiumPackage().version}`;
}

export function executableOption(env: NodeJS.ProcessEnv = process.env): {
  executablePath: string;
  env: NodeJS.ProcessEnv;
} {
  return { executablePath: chromiumExecutable(env), env: browserEnvironment(env) };
}
