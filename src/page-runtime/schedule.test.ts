import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { after, VISITOR_ACTIVE } from './schedule';

const page = new EventTarget();
const marks = new Set<string>();

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('addEventListener', page.addEventListener.bind(page));
  vi.stubGlobal('removeEventListener', page.removeEventListener.bind(page));
  vi.stubGlobal('document', {
    documentElement: { hasAttribute: (name: string) => marks.has(name) },
  });
});

afterEach(() => {
  marks.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('after', () => {
  it('waits for the first use, then a quiet moment', () => {
    const task = vi.fn();
    after(['first-use', 'idle'], task);
    vi.runAllTimers();
    expect(task).not.toHaveBeenCalled();
    page.dispatchEvent(new Event('keydown'));
    expect(task).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(task).toHaveBeenCalledOnce();
    page.dispatchEvent(new Event('keydown'));
    vi.runAllTimers();
    expect(task).toHaveBeenCalledOnce();
  });

  it('counts a use the inlined script saw before this file arrived', () => {
    marks.add(VISITOR_ACTIVE);
    const task = vi.fn();
    after(['first-use'], task);
    expect(task).toHaveBeenCalledOnce();
  });
});
