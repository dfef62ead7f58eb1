// `client:intent`: an island that loads nothing until the visitor heads for it (or uses the page,
// then in a quiet moment). A press before hydration is held and replayed on the same control; a
// failed fetch is forgotten so the next press tries again.
import type { ClientDirective } from 'astro';
import { FIRST_USE_EVENTS, PRELOAD_ATTRIBUTE, WAKE_EVENT } from './runtime-contract';
import { whenIdle } from './schedule';

const INTENT = ['pointerover', 'focusin', 'touchstart'];
const FIRST_USE: readonly string[] = FIRST_USE_EVENTS;
const EVENTS = [...new Set([...INTENT, ...FIRST_USE]), 'click', WAKE_EVENT];
const CONTROL = 'button, a[href], input, select, textarea, summary, label';

const preloaded = new Set<string>();
const wanted = new Set<Promise<unknown>>();

function preload(island: HTMLElement) {
  for (const href of island.getAttribute(PRELOAD_ATTRIBUTE)?.split(' ') ?? []) {
    if (!href || preloaded.has(href)) continue;
    preloaded.add(href);
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
}

async function nothingWanted(): Promise<void> {
  while (wanted.size > 0) await Promise.allSettled([...wanted]);
}

const intentDirective: ClientDirective = (load, options, island) => {
  const triggers = typeof options.value === 'string' ? options.value : '';
  let code: ReturnType<typeof load> | undefined;
  let hydrated: Promise<unknown> | undefined;
  const fetchCode = (heading = true) => {
    if (code) return code;
    preload(island);
    const loading = (code = load());
    if (heading) {
      wanted.add(loading);
      void loading.then(
        () => wanted.delete(loading),
        () => wanted.delete(loading),
      );
    }
    return loading;
  };
  const fetchWhenQuiet = () => void nothingWanted().then(() => fetchCode(false));

  island.addEventListener('astro:hydration-error', () => (code = hydrated = undefined));

  const settled = () => {
    if (island.hasAttribute('ssr')) return false;
    for (const type of EVENTS) document.removeEventListener(type, onEvent, true);
    return true;
  };

  const holdPress = (event: Event, control: HTMLElement) => {
    event.preventDefault();
    event.stopImmediatePropagation();
    control.setAttribute('aria-busy', 'true');
    void fetchCode()
      .then((run) => {
        // Off before React compares the markup with its own, which has no aria-busy.
        control.removeAttribute('aria-busy');
        return (hydrated ??= run());
      })
      // A failed fetch leaves the island as it was: the visitor's next press tries again.
      .then(() => settled() && control.click());
  };

  function onEvent(event: Event) {
    const target = event.target instanceof Element ? event.target : null;
    const inside = target !== null && island.contains(target);
    const trigger = !inside && target !== null && triggers !== '' && !!target.closest(triggers);
    if (event.type === 'click' && inside) {
      holdPress(event, target.closest<HTMLElement>(CONTROL) ?? (target as HTMLElement));
    } else if ((event.type === 'click' || event.type === WAKE_EVENT) && trigger) {
      void (hydrated ??= fetchCode().then((run) => run())).then(settled);
    } else if ((inside || trigger) && INTENT.includes(event.type)) {
      void fetchCode();
    } else if (!code && FIRST_USE.includes(event.type)) {
      whenIdle(fetchWhenQuiet);
    }
  }

  const start = () => {
    for (const type of EVENTS) {
      document.addEventListener(type, onEvent, { capture: true, passive: type !== 'click' });
    }
  };
  if ((document as Document & { prerendering?: boolean }).prerendering) {
    document.addEventListener('prerenderingchange', start, { once: true });
  } else {
    start();
  }
};

export default intentDirective;

declare module 'astro' {
  interface AstroClientDirectives {
    'client:intent'?: boolean | string;
  }
}
