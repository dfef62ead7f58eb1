import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createDemoPlayer,
  DEMO_LINE_INTERVAL_MS,
  DEMO_SCRIPT,
  demoReducer,
  INITIAL_DEMO_STATE,
  nextRating,
  playButtonLabel,
  RATING_INTERVAL_MS,
  RATING_WORDS,
  type DemoState,
} from './demo';

describe('demo script', () => {
  it('has lines spoken by the Customer or Lily AI, each with a time', () => {
    expect(DEMO_SCRIPT.length).toBeGreaterThan(2);
    for (const line of DEMO_SCRIPT) {
      expect(['Customer', 'Lily AI']).toContain(line.speaker);
      expect(line.message).not.toBe('');
      expect(line.time).toMatch(/^\d+:\d{2}$/);
    }
  });

  it('uses the spec timings', () => {
    expect(DEMO_LINE_INTERVAL_MS).toBe(2500);
    expect(RATING_INTERVAL_MS).toBe(4000);
  });
});

describe('demoReducer', () => {
  it('goes idle → playing → finished and replay resets to the start', () => {
    let s = demoReducer(INITIAL_DEMO_STATE, { type: 'start' }, 3);
    expect(s).toEqual({ status: 'playing', revealed: 1 });
    s = demoReducer(s, { type: 'tick' }, 3);
    expect(s).toEqual({ status: 'playing', revealed: 2 });
    s = demoReducer(s, { type: 'tick' }, 3);
    expect(s).toEqual({ status: 'finished', revealed: 3 });
    expect(demoReducer(s, { type: 'tick' }, 3)).toBe(s);
    expect(demoReducer(s, { type: 'replay' }, 3)).toEqual({ status: 'playing', revealed: 1 });
  });

  it('ignores ticks while idle and a second start while playing', () => {
    expect(demoReducer(INITIAL_DEMO_STATE, { type: 'tick' }, 3)).toBe(INITIAL_DEMO_STATE);
    const playing: DemoState = { status: 'playing', revealed: 2 };
    expect(demoReducer(playing, { type: 'start' }, 3)).toBe(playing);
  });

  it('labels the button for each state', () => {
    expect(playButtonLabel('idle', 'Watch Demo')).toBe('Watch Demo');
    expect(playButtonLabel('idle', 'Start Demo')).toBe('Start Demo');
    expect(playButtonLabel('finished', 'Start Demo')).toBe('Replay Demo');
  });
});

describe('createDemoPlayer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reveals one more line every 2500 ms, stops when finished, and replays from the start', () => {
    const states: DemoState[] = [];
    const player = createDemoPlayer(3, (s) => states.push(s));
    player.press();
    expect(player.state).toEqual({ status: 'playing', revealed: 1 });
    vi.advanceTimersByTime(DEMO_LINE_INTERVAL_MS - 1);
    expect(player.state.revealed).toBe(1);
    vi.advanceTimersByTime(1);
    expect(player.state.revealed).toBe(2);
    player.press(); // pressing while playing changes nothing
    vi.advanceTimersByTime(DEMO_LINE_INTERVAL_MS);
    expect(player.state).toEqual({ status: 'finished', revealed: 3 });
    expect(vi.getTimerCount()).toBe(0);

    player.press(); // Replay Demo
    expect(player.state).toEqual({ status: 'playing', revealed: 1 });
    vi.advanceTimersByTime(2 * DEMO_LINE_INTERVAL_MS);
    expect(player.state.status).toBe('finished');
    expect(states.map((s) => s.revealed)).toEqual([1, 2, 3, 1, 2, 3]);
  });
});

describe('nextRating', () => {
  it('always picks a different word from the fixed list', () => {
    const words = RATING_WORDS.performance;
    for (const r of [0, 0.3, 0.6, 0.99]) {
      const next = nextRating(words, words[0]!, () => r);
      expect(words).toContain(next);
      expect(next).not.toBe(words[0]);
    }
  });
});
