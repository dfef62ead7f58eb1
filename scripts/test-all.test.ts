import { describe, expect, it } from 'vitest';
import { summary } from './test-all.ts';

describe('the step-time table', () => {
  it('rounds to whole seconds before splitting minutes, so 119.6 s reads 2:00', () => {
    const table = summary([{ name: 'unit', seconds: 119.6, code: 0 }], 59.5);
    expect(table).toMatch(/^unit\s+2:00\s+ok$/m);
    expect(table).toMatch(/total\s+1:00$/);
  });

  it('marks a failed step', () => {
    expect(summary([{ name: 'e2e', seconds: 61, code: 1 }], 61)).toMatch(/^e2e\s+1:01\s+FAILED$/m);
  });
});
