import { describe, expect, it } from 'vitest';
import { reExportedNames, starTargets, usesOf } from './stats-doors.ts';

describe('stats:doors', () => {
  it('reads the names a front door re-exports, under the name it gives them', () => {
    const door = [
      "export { a, b as c } from './x.ts';",
      "export type { T } from './t.ts';",
      "export * from './all.ts';",
      'export function own() {}',
    ].join('\n');
    expect(reExportedNames(door)).toEqual(['a', 'c', 'T']);
    expect(starTargets('src/features/f/f.ts', door)).toEqual(['src/features/f/all']);
  });

  it('reads what a file takes from each module: names, or all of it', () => {
    const file = [
      "import { a, type T, b as local } from '../f/f.server.ts';",
      "import * as whole from './g';",
      "const lazy = await import('./h.ts');",
      "import { outside } from 'react';",
    ].join('\n');
    expect(usesOf('src/features/x/x.ts', file)).toEqual([
      { target: 'src/features/f/f.server', names: ['a', 'T', 'b'] },
      { target: 'src/features/x/g', names: '*' },
      { target: 'src/features/x/h', names: '*' },
    ]);
  });
});
