export const BEACON_URL = '/api/insights';

type Signals = Navigator & { globalPrivacyControl?: boolean; doNotTrack?: string | null };

export function sendInsights(body: () => Record<string, unknown>): void {
  if (typeof navigator === 'undefined' || typeof location === 'undefined') return;
  const nav = navigator as Signals;
  if (nav.globalPrivacyControl || nav.doNotTrack === '1' || !nav.sendBeacon) return;
  nav.sendBeacon(BEACON_URL, JSON.stringify(body()));
}

export function sendInsightsStep(step: 'cartAdds'): void {
  sendInsights(() => ({ k: 'step', s: step, p: location.pathname }));
}
