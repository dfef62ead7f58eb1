import { describe, expect, it } from 'vitest';
import { countLines, kindOf } from './stats-lines.ts';

describe('stats:lines', () => {
  it('counts comment-only lines of every comment form, not code with a trailing comment', () => {
    const text = [
      '/**',
      ' * why',
      ' */',
      'const a = 1; // trailing',
      '',
      '// line',
      '<!-- html -->',
      '/* one */',
      '{/* jsx */}',
    ].join('\n');
    expect(countLines(text)).toEqual({ lines: 9, blank: 1, comments: 7 });
  });

  it('sorts files into source and tests and leaves generated files out', () => {
    expect(kindOf('src/lib/money.ts')).toBe('source');
    expect(kindOf('src/pages/index.astro')).toBe('source');
    expect(kindOf('src/lib/money.test.ts')).toBe('tests');
    expect(kindOf('e2e/cart.spec.ts')).toBe('tests');
    expect(kindOf('src/testing/seed.ts')).toBe('tests');
    expect(kindOf('netlify/database/migrations/0001/migration.sql')).toBeNull();
    expect(kindOf('README.md')).toBeNull();
  });
});
