/**
 * `client:intent`, the project's own Astro client directive (registered in astro.config.mjs):
 * an island that loads nothing until the visitor heads for it, for widgets every page carries
 * but few visitors open (the cart's panel, the chat).
 *
 * - Its code (component, renderer, React) is fetched when the visitor heads for it (pointer
 *   over, focus, touch on the island or on one of its triggers), and in a quiet moment once
 *   the visitor uses the page at all (scroll, touch, key, pointer). Never before that: a page
 *   nobody touches loads no React. All its files are asked for at once (`data-preload`). A
 *   quiet-moment fetch waits while another island's code is on its way for a visitor who
 *   heads for it: the touch that opens the cart is also the page's first use, and the chat's
 *   code must not share the phone's connection with the cart's.
 * - It hydrates on the first press. A press inside the island before then is held and
 *   replayed on the same control once React has taken the markup over (React hydrates the
 *   pressed part at once and runs its handler); the control shows `aria-busy` meanwhile. A
 *   press on a trigger outside the island (`client:intent="[data-cart-button]"`: a selector)
 *   is that control's own script's to handle; it only starts the hydration, and the island
 *   renders what the press changed in the shared stores. A script that opens the island some
 *   other way (an add opening the cart) dispatches `intent:wake` on a trigger.
 * - A failed fetch is forgotten (Astro reports it as `astro:hydration-error`), so the next
 *   press tries again: a flaky connection never leaves a dead button.
 * - In a page the browser prerendered ahead of a click (speculation rules), nothing starts
 *   until the visitor opens it.
 */
import type { ClientDirective } from 'astro';

/** The visitor heads for the island or a trigger: fetch its code now. */
const INTENT = ['pointerover', 'focusin', 'touchstart'];
/** The visitor uses the page at all: fetch it when the browser is idle. */
const FIRST_USE = ['wheel', 'touchstart', 'pointerdown', 'keydown'];
/** Dispatched on a trigger by a script that opens the island some other way than a press. */
const WAKE_EVENT = 'intent:wake';
const EVENTS = [...new Set([...INTENT, ...FIRST_USE]), 'click', WAKE_EVENT];
const CONTROL = 'button, a[href], input, select, textarea, summary, label';

const preloaded = new Set<string>();
/** The code of the page's intent islands a visitor is heading for, while it is on its way. */
const wanted = new Set<Promise<unknown>>();

/**
 * Asks for every file the island will load at once (the list the build wrote, see
 * scripts/lib/island-preloads.ts), instead of the browser finding the modules import by import.
 */
function preload(island: HTMLElement) {
  for (const href of island.dataset.preload?.split(' ') ?? []) {
    if (!href || preloaded.has(href)) continue;
    preloaded.add(href);
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
}

/** Once no code a visitor is heading for is still on its way. */
async function nothingWanted(): Promise<void> {
  while (wanted.size > 0) await Promise.allSettled([...wanted]);
}

const intentDirective: ClientDirective = (load, options, island) => {
  const triggers = typeof options.value === 'string' ? options.value : '';
  let code: ReturnType<typeof load> | undefined;
  let hydrated: Promise<unknown> | undefined;
  /** `heading`: the visitor is heading for this island; else a quiet moment's fetch. */
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

  /** Whether React has the island now; if so, its own handlers take every press from here. */
  const settled = () => {
    if (island.hasAttribute('ssr')) return false;
    for (const type of EVENTS) document.removeEventListener(type, onEvent, true);
    return true;
  };

  /** A press inside the island: held, and replayed on the same control once React has it. */
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
      // A trigger's own script handles its press; the island renders what it changed.
      void (hydrated ??= fetchCode().then((run) => run())).then(settled);
    } else if ((inside || trigger) && INTENT.includes(event.type)) {
      void fetchCode();
    } else if (!code && FIRST_USE.includes(event.type)) {
      if (typeof requestIdleCallback === 'function')
        requestIdleCallback(fetchWhenQuiet, { timeout: 2000 });
      else setTimeout(fetchWhenQuiet, 200);
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
    /** Hydrate on the first press (src/lib/intent-directive.ts); a string names outside triggers. */
    'client:intent'?: boolean | string;
  }
}
