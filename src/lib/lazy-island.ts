/**
 * An island that React enters a content page with only when the visitor wants it (the cart's
 * panel, the chat): its code and stylesheet are fetched together, once, ahead of the press
 * when the visitor heads for it, and again after a failed fetch (a flaky connection must not
 * leave the button dead). Static pages that nobody touches load no React.
 */
import { loadStylesheet } from './load-stylesheet';

type LazyIsland<M> = {
  /** The island's module, fetched with its stylesheet on the first call. */
  load: () => Promise<M>;
  /** `load` ahead of the press; a failure is forgotten so the press tries again. */
  prefetch: () => void;
  /** Forget a failed fetch. */
  reset: () => void;
};

export function lazyIsland<M>(importer: () => Promise<M>, stylesheet: string): LazyIsland<M> {
  let code: Promise<M> | undefined;
  const reset = () => {
    code = undefined;
  };
  const load = () => {
    // In development Vite needs React's refresh preamble first; production builds drop this.
    const preamble = import.meta.env.DEV
      ? import('./dev-react-preamble').then((m) => m.ensureReactDevPreamble())
      : Promise.resolve();
    code ??= preamble.then(importer);
    void loadStylesheet(stylesheet);
    return code;
  };
  return { load, prefetch: () => void load().catch(reset), reset };
}
