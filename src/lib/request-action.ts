/**
 * One request an island makes, as a store and an action (the nanostores way: components read
 * `$state` and call `run`, never fetch themselves). It replaces the busy/try/finally block each
 * component used to carry: a press while the request is under way is ignored, a failure becomes
 * the sentence to show, and the last answer stays readable for the component.
 */
import { map, type ReadableAtom } from 'nanostores';

export type RequestActionState<R> = {
  busy: boolean;
  /** The sentence to show for the last failure; '' when the last run did not fail. */
  error: string;
  /** The last successful answer, until `reset`. */
  result: R | undefined;
};

export type RequestAction<A extends unknown[], R> = {
  $state: ReadableAtom<RequestActionState<R>>;
  /** Runs the request unless one is under way; answers its result, or undefined on failure. */
  run: (...args: A) => Promise<R | undefined>;
  /** Shows `error` without running (a check in the browser failed before any request). */
  fail: (error: string) => void;
  reset: () => void;
};

export function requestAction<A extends unknown[], R>(
  request: (...args: A) => Promise<R>,
  /** The sentence for a failure, e.g. the function's own `error` or a fallback. */
  describe: (error: unknown) => string,
): RequestAction<A, R> {
  const idle: RequestActionState<R> = { busy: false, error: '', result: undefined };
  const $state = map<RequestActionState<R>>(idle);
  return {
    $state,
    run: async (...args) => {
      if ($state.get().busy) return undefined;
      $state.set({ ...$state.get(), busy: true, error: '' });
      try {
        const result = await request(...args);
        $state.set({ busy: false, error: '', result });
        return result;
      } catch (error) {
        $state.set({ ...$state.get(), busy: false, error: describe(error) });
        return undefined;
      }
    },
    fail: (error) => $state.set({ ...$state.get(), error }),
    reset: () => $state.set(idle),
  };
}
