/**
 * Development only. Vite's React plugin expects a "preamble" (the React Refresh runtime) on
 * any page that runs JSX modules; Astro adds it only to pages with a React island. Islands
 * that are imported on first use need it installed before the import. In production builds
 * `import.meta.env.DEV` is false and this whole module is dropped.
 */
type RefreshWindow = typeof window & {
  __vite_plugin_react_preamble_installed__?: boolean;
  $RefreshReg$?: () => void;
  $RefreshSig$?: () => (type: unknown) => unknown;
};

export async function ensureReactDevPreamble(): Promise<void> {
  if (!import.meta.env.DEV) return;
  const w = window as RefreshWindow;
  if (w.__vite_plugin_react_preamble_installed__) return;
  const runtimePath = '/@react-refresh';
  const { default: runtime } = (await import(/* @vite-ignore */ runtimePath)) as {
    default: { injectIntoGlobalHook: (w: Window) => void };
  };
  runtime.injectIntoGlobalHook(w);
  w.$RefreshReg$ = () => {};
  w.$RefreshSig$ = () => (type) => type;
  w.__vite_plugin_react_preamble_installed__ = true;
}
