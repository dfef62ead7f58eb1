// web-vitals observes with buffered entries, so loading it when idle misses nothing.
import { onCLS, onFCP, onINP, onLCP, onTTFB } from 'web-vitals/attribution';

export function observeVitals(path: string): void {
  const values: Record<string, number> = {};
  const targets: Record<string, string> = {};
  const options = { reportAllChanges: true };
  onLCP((m) => {
    values.LCP = Math.round(m.value);
    if (m.attribution.target) targets.LCP = m.attribution.target.slice(0, 200);
  }, options);
  onINP((m) => {
    values.INP = Math.round(m.value);
    if (m.attribution.interactionTarget)
      targets.INP = m.attribution.interactionTarget.slice(0, 200);
  }, options);
  onCLS((m) => {
    values.CLS = Math.round(m.value * 10_000) / 10_000;
    if (m.attribution.largestShiftTarget)
      targets.CLS = m.attribution.largestShiftTarget.slice(0, 200);
  }, options);
  onFCP((m) => (values.FCP = Math.round(m.value)), options);
  onTTFB((m) => (values.TTFB = Math.round(m.value)), options);

  let sent = false;
  const send = () => {
    if (sent || !Object.keys(values).length) return;
    sent = true;
    // Not src/lib/insights-beacon.ts: sharing it makes the page's inline beacon fetch a helper.
    if (!(navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl)
      navigator.sendBeacon?.(
        '/api/insights',
        JSON.stringify({ k: 'vitals', p: path, m: values, a: targets }),
      );
  };
  // Registered after web-vitals' own listeners, so their final values are in by now.
  addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && send());
  addEventListener('pagehide', send);
}
