import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as inline from './page.inline';
import * as contract from './runtime-contract';
import * as schedule from './schedule';

const ROOT = path.resolve(import.meta.dirname, '../..');
const INLINE = path.join(ROOT, 'src/page-runtime/page.inline.ts');
const ONLY_IMPORTER = path.join(ROOT, 'src/page-runtime/AfterPaint.astro');
const SOURCE = /\.(ts|tsx|mts|mjs|js|astro)$/;
const SPECIFIER = /(?:from\s*|import\s*\(?\s*)['"]([^'"]+)['"]/g;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(full);
    return SOURCE.test(entry.name) ? [full] : [];
  });
}

function importsInline(file: string): boolean {
  for (const [, spec] of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
    if (!spec?.startsWith('.')) continue;
    const target = path.resolve(path.dirname(file), spec).replace(/\.ts$/, '');
    if (target === INLINE.replace(/\.ts$/, '')) return true;
  }
  return false;
}

// Astro inlines a page script only while its bundle is its own: one more importer, or one import
// of its own, and every page waits for a file before a press can be held.
describe('the inlined page script', () => {
  it('is imported by AfterPaint.astro alone', () => {
    const files = ['src', 'scripts', 'e2e', 'netlify']
      .flatMap((dir) => sources(path.join(ROOT, dir)))
      .concat(path.join(ROOT, 'astro.config.mjs'))
      .filter((file) => !file.endsWith('.test.ts'));
    const importers = files.filter(importsInline);
    expect(importers.map((file) => path.relative(ROOT, file))).toEqual([
      path.relative(ROOT, ONLY_IMPORTER),
    ]);
  });

  it('imports nothing', () => {
    expect(readFileSync(INLINE, 'utf8')).not.toMatch(/^\s*import\b/m);
  });

  it('spells the runtime contract as runtime-contract.ts does', () => {
    expect(inline.AWAITS_SCRIPT).toBe(contract.AWAITS_SCRIPT);
    expect(inline.AWAITS_ISLAND).toBe(contract.AWAITS_ISLAND);
    expect(inline.FIRST_USE_EVENTS).toEqual([...contract.FIRST_USE_EVENTS]);
    expect(inline.VISITOR_ACTIVE).toBe(contract.VISITOR_ACTIVE);
  });

  it('is read by schedule.ts under the same names', () => {
    expect(schedule.FIRST_USE_EVENTS).toEqual([...contract.FIRST_USE_EVENTS]);
    expect(schedule.VISITOR_ACTIVE).toBe(contract.VISITOR_ACTIVE);
  });
});
