import { describe, expect, it } from 'vitest';
import { requestAction } from './request-action';

const describeFailure = (error: unknown) => (error instanceof Error ? error.message : 'Failed');

describe('requestAction', () => {
  it('is busy while the request runs and keeps its answer', async () => {
    let finish!: (value: string) => void;
    const action = requestAction(
      (name: string) => new Promise<string>((resolve) => (finish = () => resolve(`hi ${name}`))),
      describeFailure,
    );
    const running = action.run('Ada');
    expect(action.$state.get()).toMatchObject({ busy: true, error: '' });
    finish('');
    await expect(running).resolves.toBe('hi Ada');
    expect(action.$state.get()).toEqual({ busy: false, error: '', result: 'hi Ada' });
  });

  it('ignores a second press while the first is under way', async () => {
    let calls = 0;
    let finish!: () => void;
    const action = requestAction(() => {
      calls += 1;
      return new Promise<void>((resolve) => (finish = resolve));
    }, describeFailure);
    const first = action.run();
    await expect(action.run()).resolves.toBeUndefined();
    finish();
    await first;
    expect(calls).toBe(1);
  });

  it('turns a failure into the sentence to show, and clears it on the next run', async () => {
    let fail = true;
    const action = requestAction(async () => {
      if (fail) throw new Error('503: Try again later.');
      return 1;
    }, describeFailure);
    await expect(action.run()).resolves.toBeUndefined();
    expect(action.$state.get()).toMatchObject({ busy: false, error: '503: Try again later.' });
    fail = false;
    await action.run();
    expect(action.$state.get()).toEqual({ busy: false, error: '', result: 1 });
  });

  it('shows a browser-side refusal without a request, and resets', () => {
    const action = requestAction(async () => 1, describeFailure);
    action.fail('Please enter a valid email address.');
    expect(action.$state.get().error).toBe('Please enter a valid email address.');
    action.reset();
    expect(action.$state.get()).toEqual({ busy: false, error: '', result: undefined });
  });
});
