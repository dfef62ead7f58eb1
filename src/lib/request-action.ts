import { map, type ReadableAtom } from 'nanostores';

export type RequestActionState<R> = {
  busy: boolean;
  error: string;
  result: R | undefined;
};

export type RequestAction<A extends unknown[], R> = {
  $state: ReadableAtom<RequestActionState<R>>;
  run: (...args: A) => Promise<R | undefined>;
  fail: (error: string) => void;
  reset: () => void;
};

export function requestAction<A extends unknown[], R>(
  request: (...args: A) => Promise<R>,
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
