// Stand-in values a site must not launch with: a production build (CONTEXT=production) fails with
// the list; every other build only warns, so local work and tests go on.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AstroIntegration } from 'astro';
import { parseSettings } from '../../src/lib/site-settings.schema.ts';

export type Placeholder = { file: string; line: number; value: string; reason: string };

const RESERVED_HOST = /\b(?:[\w-]+\.)*(?:[\w-]+\.example|example\.(?:com|net|org))\b/gi;
const PHONE_LIKE = /\+?\(?\d[\d\s().-]{8,}\d/g;
const SETTINGS_WORD = /example/i;
/** The About page's founder portrait is a drawing until marketing supplies a photo. */
const DRAWN_PORTRAIT = /^\s*avatar:\s*(\S+\.svg)\s*$/;

/** A North American number in the 555 area code, or in 555-01XX (reserved for fiction). */
export function isFictionalPhone(text: string): boolean {
  let digits = text.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (digits.length !== 10) return false;
  const [area, exchange, line] = [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6)];
  return area === '555' || (exchange === '555' && line.startsWith('01'));
}

/** The placeholders in one file's text; `strict` also flags any "example" (settings file). */
export function findPlaceholders(
  file: string,
  text: string,
  { strict = false } = {},
): Placeholder[] {
  const found: Placeholder[] = [];
  text.split('\n').forEach((content, index) => {
    const line = index + 1;
    for (const [value] of content.matchAll(RESERVED_HOST)) {
      found.push({ file, line, value, reason: 'reserved example domain' });
    }
    for (const [value] of content.matchAll(PHONE_LIKE)) {
      if (isFictionalPhone(value)) {
        found.push({ file, line, value: value.trim(), reason: 'fictional 555 phone number' });
      }
    }
    const portrait = DRAWN_PORTRAIT.exec(content);
    if (portrait)
      found.push({ file, line, value: portrait[1] ?? '', reason: 'drawn portrait, not a photo' });
    if (strict && SETTINGS_WORD.test(content) && !found.some((f) => f.line === line)) {
      found.push({ file, line, value: content.trim(), reason: 'sample value' });
    }
  });
  return found;
}

export const SETTINGS_FILE = 'src/content/settings.json';

export async function launchPlaceholders(root: string): Promise<Placeholder[]> {
  const dir = path.join(root, 'src/content');
  const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile() && /\.(json|ya?ml|mdx?)$/.test(e.name))
    .filter((e) => !e.name.endsWith('.schema.json'))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
  const found: Placeholder[] = [];
  for (const file of files) {
    const text = await readFile(path.join(root, file), 'utf8');
    found.push(...findPlaceholders(file, text, { strict: file === SETTINGS_FILE }));
  }
  return found;
}

export function placeholderReport(found: Placeholder[]): string {
  const lines = found.map((p) => `  ${p.file}:${p.line}  ${p.value}  (${p.reason})`);
  return [
    `${found.length} placeholder value(s) still in the site's content; replace them with the real ones (docs/deploy.md, "Before you launch"):`,
    ...lines,
  ].join('\n');
}

/** Netlify sets CONTEXT=production for the build of a production deploy. */
export function isProductionBuild(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.CONTEXT === 'production';
}

export function launchCheck(root = process.cwd()): AstroIntegration {
  return {
    name: 'novareach:launch-placeholders',
    hooks: {
      // A wrong settings.json stops `npm run dev` and every build with the list of its errors.
      'astro:config:setup': async () => {
        const file = path.join(root, SETTINGS_FILE);
        parseSettings(JSON.parse(await readFile(file, 'utf8')));
      },
      'astro:build:start': async ({ logger }) => {
        const found = await launchPlaceholders(root);
        if (found.length === 0) return;
        const report = placeholderReport(found);
        if (isProductionBuild()) throw new Error(`Production build stopped. ${report}`);
        logger.warn(`${report}\nA production build (CONTEXT=production) fails on these.`);
      },
    },
  };
}
