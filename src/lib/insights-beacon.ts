/**
 * The one way the browser reports to /api/insights: `navigator.sendBeacon`, fire and forget
 * (no answer is read, no cookie is sent or set), and nothing at all when the visitor asks not
 * to be tracked.
 */
export const BEACON_URL = '/api/insights';

type Signals = Navigator & { globalPrivacyControl?: boolean; doNotTrack?: string | null };

export function sendInsights(body: () => Record<string, unknown>): void {
  if (typeof navigator === 'undefined' || typeof location === 'undefined') return;
  const nav = navigator as Signals;
  if (nav.globalPrivacyControl || nav.doNotTrack === '1' || !nav.sendBeacon) return;
  nav.sendBeacon(BEACON_URL, JSON.stringify(body()));
}

/** A step of the funnel the browser sees (the server counts the others). */
export function sendInsightsStep(step: 'cartAdds'): void {
  sendInsights(() => ({ k: 'step', s: step, p: location.pathname }));
}
