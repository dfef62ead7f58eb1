// `client:intent`: an island that loads nothing until the visitor heads for it (or uses the page,
// then in a quiet moment). Until it hydrated, page.inline.ts holds a press inside it like any
// other (the island carries `data-awaits-island`); this replays it. A failed fetch forgets it.
import type { ClientDirective } from 'astro';
import { AWAITS_ISLAND, FIRST_USE_EVENTS, PRELOAD_ATTRIBUTE, WAKE_EVENT } from './runtime-contract';
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

  let pressed: HTMLElement | undefined;
  island.setAttribute(AWAITS_ISLAND, '');
  island.addEventListener('astro:hydration-error', () => {
    code = hydrated = undefined;
    island.setAttribute(AWAITS_ISLAND, '');
  });

  // Astro removes `ssr` once the island hydrated; a failed fetch leaves it.
  const replayHeldPress = () => {
    if (island.hasAttribute('ssr')) return;
    for (const type of EVENTS) removeEventListener(type, onEvent, true);
    const held = island.getAttribute(AWAITS_ISLAND) === 'pressed';
    island.removeAttribute(AWAITS_ISLAND);
    if (held) pressed?.click();
  };
  const hydrate = () => void (hydrated ??= fetchCode().then((run) => run())).then(replayHeldPress);

  function onEvent(event: Event) {
    const target = event.target instanceof Element ? event.target : null;
    const inside = target !== null && island.contains(target);
    const trigger = !inside && target !== null && triggers !== '' && !!target.closest(triggers);
    if (event.type === 'click' && inside) {
      pressed = target.closest<HTMLElement>(CONTROL) ?? (target as HTMLElement);
      hydrate();
    } else if ((event.type === 'click' || event.type === WAKE_EVENT) && trigger) {
      hydrate();
    } else if ((inside || trigger) && INTENT.includes(event.type)) {
      void fetchCode();
    } else if (!code && FIRST_USE.includes(event.type)) {
      whenIdle(fetchWhenQuiet);
    }
  }

  // On the window, so a press is seen before page.inline.ts (on the document) holds it.
  const start = () => {
    for (const type of EVENTS) addEventListener(type, onEvent, { capture: true, passive: true });
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
