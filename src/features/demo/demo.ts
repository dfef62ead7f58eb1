// Spec storefront §3 "Demo script line", §4 "Demo playback". DOM-free, so the timing rules are
// unit-tested.

type DemoSpeaker = 'Customer' | 'Lily AI';
type DemoLine = { speaker: DemoSpeaker; message: string; time: string };

export const DEMO_LINE_INTERVAL_MS = 2500;
export const RATING_INTERVAL_MS = 4000;

export const DEMO_SCRIPT: readonly DemoLine[] = [
  {
    speaker: 'Lily AI',
    time: '0:00',
    message: 'Thanks for calling Bright Smile Dental, this is Lily. How can I help you today?',
  },
  {
    speaker: 'Customer',
    time: '0:05',
    message: "Hi! I'd like to book a cleaning. Do you have anything this week?",
  },
  {
    speaker: 'Lily AI',
    time: '0:09',
    message: 'Of course! I have Thursday at 2:30 PM or Friday at 10:00 AM. Which suits you better?',
  },
  {
    speaker: 'Customer',
    time: '0:15',
    message: 'Thursday works. Is it covered by my insurance?',
  },
  {
    speaker: 'Lily AI',
    time: '0:19',
    message:
      'Most plans cover two cleanings a year. Bring your insurance card and we will confirm it on arrival.',
  },
  {
    speaker: 'Customer',
    time: '0:26',
    message: 'Perfect, please book me in.',
  },
  {
    speaker: 'Lily AI',
    time: '0:29',
    message:
      "You're booked for Thursday at 2:30 PM. I've just texted you a confirmation. See you then!",
  },
];

/** How many opening lines the idle card shows, faded, before the demo starts. */
export const DEMO_PREVIEW_LINES = 3;

export type RatingKey = 'performance' | 'satisfaction' | 'responseQuality';

export const RATING_LABELS: Record<RatingKey, string> = {
  performance: 'Performance',
  satisfaction: 'Satisfaction',
  responseQuality: 'Response quality',
};

export const RATING_WORDS: Record<RatingKey, readonly string[]> = {
  performance: ['Excellent', 'Outstanding', 'Exceptional', 'Superb'],
  satisfaction: ['Very high', 'Delighted', 'Excellent', 'Outstanding'],
  responseQuality: ['Natural', 'Human-like', 'Precise', 'Helpful'],
};

/** A random word from `words`, never the current one, so every rotation visibly changes. */
export function nextRating(
  words: readonly string[],
  current: string,
  random: () => number = Math.random,
): string {
  const choices = words.filter((w) => w !== current);
  if (choices.length === 0) return current;
  return choices[Math.floor(random() * choices.length)] ?? current;
}

type DemoStatus = 'idle' | 'playing' | 'finished';
export type DemoState = { status: DemoStatus; revealed: number };

export const INITIAL_DEMO_STATE: DemoState = { status: 'idle', revealed: 0 };

type DemoAction = { type: 'start' } | { type: 'tick' } | { type: 'replay' };

/** Start reveals the first line at once, each tick one more, the last one finishes; Replay restarts. */
export function demoReducer(state: DemoState, action: DemoAction, total: number): DemoState {
  switch (action.type) {
    case 'start':
      if (state.status === 'playing') return state;
      return advance({ status: 'playing', revealed: 0 }, total);
    case 'replay':
      return advance({ status: 'playing', revealed: 0 }, total);
    case 'tick':
      return state.status === 'playing' ? advance(state, total) : state;
  }
}

function advance(state: DemoState, total: number): DemoState {
  const revealed = Math.min(state.revealed + 1, total);
  return { status: revealed >= total ? 'finished' : 'playing', revealed };
}

export function playButtonLabel(
  status: DemoStatus,
  idleLabel: 'Watch Demo' | 'Start Demo',
): string {
  if (status === 'finished') return 'Replay Demo';
  if (status === 'playing') return 'Demo Playing…';
  return idleLabel;
}

type Timers = {
  setInterval: (fn: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
};

const realTimers: Timers = {
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (h) => clearInterval(h as ReturnType<typeof setInterval>),
};

export function createDemoPlayer(
  total: number,
  onChange: (state: DemoState) => void,
  timers: Timers = realTimers,
) {
  let state = INITIAL_DEMO_STATE;
  let handle: unknown;

  function stopTimer() {
    if (handle !== undefined) timers.clearInterval(handle);
    handle = undefined;
  }

  function dispatch(action: DemoAction) {
    state = demoReducer(state, action, total);
    onChange(state);
    if (state.status !== 'playing') stopTimer();
  }

  function play(action: 'start' | 'replay') {
    if (action === 'start' && state.status === 'playing') return;
    stopTimer();
    dispatch({ type: action });
    if (state.status === 'playing')
      handle = timers.setInterval(() => dispatch({ type: 'tick' }), DEMO_LINE_INTERVAL_MS);
  }

  return {
    /** Starts from idle, replays when finished, and ignores presses while playing. */
    press() {
      if (state.status === 'finished') play('replay');
      else play('start');
    },
    replay: () => play('replay'),
    stop: stopTimer,
    get state() {
      return state;
    },
  };
}
