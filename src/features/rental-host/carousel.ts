const CAROUSEL_INTERVAL_MS = 5000;

function initCarousel(root: HTMLElement) {
  const slides = Array.from(root.querySelectorAll<HTMLElement>('[data-carousel-slide]'));
  const dots = Array.from(root.querySelectorAll<HTMLButtonElement>('[data-carousel-dot]'));
  const liveEl = root.querySelector<HTMLElement>('[data-carousel-slides]');
  const toggleEl = root.querySelector<HTMLButtonElement>('[data-carousel-toggle]');
  const toggleTextEl = root.querySelector<HTMLElement>('[data-carousel-toggle-text]');
  if (slides.length < 2 || !liveEl || !toggleEl || !toggleTextEl) return;
  const live: HTMLElement = liveEl;
  const toggle: HTMLButtonElement = toggleEl;
  const toggleText: HTMLElement = toggleTextEl;

  let index = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  // Paused by the button (stays until pressed again) vs held while pointer/focus is inside.
  let paused = matchMedia('(prefers-reduced-motion: reduce)').matches;
  let held = false;

  function show(next: number) {
    index = (next + slides.length) % slides.length;
    slides.forEach((s, i) => s.classList.toggle('is-active', i === index));
    dots.forEach((d, i) =>
      i === index ? d.setAttribute('aria-current', 'true') : d.removeAttribute('aria-current'),
    );
  }

  function sync() {
    clearInterval(timer);
    timer = undefined;
    const rotating = !paused && !held;
    if (rotating) timer = setInterval(() => show(index + 1), CAROUSEL_INTERVAL_MS);
    // Announce slide changes only when the visitor causes them.
    live.setAttribute('aria-live', rotating ? 'off' : 'polite');
    root.dataset.paused = String(paused);
    toggleText.textContent = paused ? 'Play' : 'Pause';
  }

  toggle.addEventListener('click', () => {
    paused = !paused;
    // Pressing Play is an explicit request: rotate even though the pointer is over the button.
    if (!paused) held = false;
    sync();
  });
  root.querySelector('[data-carousel-prev]')?.addEventListener('click', () => show(index - 1));
  root.querySelector('[data-carousel-next]')?.addEventListener('click', () => show(index + 1));
  dots.forEach((dot, i) => dot.addEventListener('click', () => show(i)));

  const hold = (value: boolean) => () => {
    held = value;
    sync();
  };
  root.addEventListener('pointerenter', hold(true));
  root.addEventListener('pointerleave', hold(false));
  root.addEventListener('focusin', (event) => {
    // Focus on the Pause/Play button itself must not override what the button says.
    if (event.target !== toggle) hold(true)();
  });
  root.addEventListener('focusout', (event) => {
    if (!root.contains(event.relatedTarget as Node | null)) hold(false)();
  });

  sync();
}

export function initCarousels() {
  for (const root of document.querySelectorAll<HTMLElement>('[data-carousel]')) {
    if (root.dataset.bound) continue;
    root.dataset.bound = 'true';
    initCarousel(root);
  }
}
