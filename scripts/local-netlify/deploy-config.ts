// Read once at start: a build running meanwhile cannot change a served run's rules.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { RedirectsHandler } from '@netlify/redirects';
import { parse as parseToml } from 'smol-toml';

/** A `[[redirects]]` table or a Frameworks API redirect; Netlify's parser validates it. */
export type RawRedirect = ConstructorParameters<
  typeof RedirectsHandler
>[0]['configRedirects'][number];
export type RawHeader = { for: string; values: Record<string, string> };

export type DeployConfig = {
  toml: {
    headers?: RawHeader[];
    redirects?: RawRedirect[];
    dev?: { jwtSecret?: string; jwtRolePath?: string };
  };
  framework: {
    headers?: RawHeader[];
    redirects?: RawRedirect[];
    /** Framework redirects that go before the project's own (the API's `!` notation). */
    'redirects!'?: RawRedirect[];
  };
};

export async function loadDeployConfig(root: string, buildRoot: string): Promise<DeployConfig> {
  const tomlPath = path.join(root, 'netlify.toml');
  const frameworkPath = path.join(buildRoot, '.netlify', 'v1', 'config.json');
  const configPath = existsSync(tomlPath) ? tomlPath : undefined;
  return {
    // Plain objects, as Netlify's own config reader hands its parsers (smol-toml makes
    // null-prototype ones).
    toml: configPath
      ? (JSON.parse(
          JSON.stringify(parseToml(await readFile(configPath, 'utf8'))),
        ) as DeployConfig['toml'])
      : {},
    framework: existsSync(frameworkPath)
      ? (JSON.parse(await readFile(frameworkPath, 'utf8')) as DeployConfig['framework'])
      : {},
  };
}
