import {
  createDemoPlayer,
  nextRating,
  playButtonLabel,
  RATING_INTERVAL_MS,
  RATING_WORDS,
  type DemoState,
  type RatingKey,
} from './demo';

const STATUS_TEXT: Record<DemoState['status'], string> = {
  idle: 'Ready to take a call',
  playing: 'On a call…',
  finished: 'Call complete',
};

function initCard(card: HTMLElement) {
  const button = card.querySelector<HTMLButtonElement>('[data-demo-play]');
  const label = card.querySelector<HTMLElement>('[data-demo-play-label]');
  const list = card.querySelector<HTMLOListElement>('[data-demo-lines]');
  const template = card.querySelector<HTMLTemplateElement>('[data-demo-script]');
  const hint = card.querySelector<HTMLElement>('[data-demo-hint]');
  const status = card.querySelector<HTMLElement>('[data-demo-status]');
  if (!button || !label || !list || !template) return;
  const idleLabel = card.dataset.idleLabel === 'Watch Demo' ? 'Watch Demo' : 'Start Demo';
  const lines = Array.from(template.content.children) as HTMLElement[];

  const player = createDemoPlayer(lines.length, (state) => {
    // Replay starts from an empty transcript; otherwise append only the new lines.
    if (state.revealed < list.children.length) list.replaceChildren();
    while (list.children.length < state.revealed) {
      const line = lines[list.children.length];
      if (!line) break;
      list.append(line.cloneNode(true));
    }
    list.scrollTop = list.scrollHeight;
    if (hint) hint.hidden = state.status !== 'idle';
    if (status) status.textContent = STATUS_TEXT[state.status];
    label.textContent = playButtonLabel(state.status, idleLabel);
    // aria-disabled (not disabled) keeps focus on the button while the call plays.
    button.setAttribute('aria-disabled', String(state.status === 'playing'));
    card.dataset.demoState = state.status;
  });

  button.addEventListener('click', () => player.press());
  startRatingRotation(card);
}

function startRatingRotation(card: HTMLElement) {
  const cells = Array.from(card.querySelectorAll<HTMLElement>('[data-rating]'));
  if (cells.length === 0 || matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  let timer: ReturnType<typeof setInterval> | undefined;
  let paused = false;

  const rotate = () => {
    if (paused) return;
    for (const cell of cells) {
      const words = RATING_WORDS[cell.dataset.rating as RatingKey];
      if (words) cell.textContent = nextRating(words, cell.textContent ?? '');
    }
  };

  // Hovering or focusing the card holds the words still while someone is reading it.
  card.addEventListener('pointerenter', () => (paused = true));
  card.addEventListener('pointerleave', () => (paused = false));
  card.addEventListener('focusin', () => (paused = true));
  card.addEventListener('focusout', () => (paused = false));

  new IntersectionObserver(([entry]) => {
    clearInterval(timer);
    timer = entry?.isIntersecting ? setInterval(rotate, RATING_INTERVAL_MS) : undefined;
  }).observe(card);
}

export function initLilyDemos() {
  for (const card of document.querySelectorAll<HTMLElement>('[data-lily-demo]')) {
    if (card.dataset.bound) continue;
    card.dataset.bound = 'true';
    initCard(card);
  }
}
