import { describe, expect, it } from 'vitest';
import { skipReason, TEST_TRAFFIC_HEADER } from './traffic-rules';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36';
const headers = (h: Record<string, string>) => new Headers({ 'user-agent': CHROME, ...h });

describe('skipReason', () => {
  it('counts a plain browser', () => expect(skipReason(headers({}))).toBeNull());
  it('honours Do Not Track and Global Privacy Control', () => {
    expect(skipReason(headers({ dnt: '1' }))).toBe('privacy-signal');
    expect(skipReason(headers({ 'sec-gpc': '1' }))).toBe('privacy-signal');
    expect(skipReason(headers({ dnt: '0' }))).toBeNull();
  });
  it.each([
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/131.0 Safari/537.36',
    'Mozilla/5.0 (Linux; Android 11; moto g power) Chrome-Lighthouse',
    'curl/8.5.0',
    'python-requests/2.31',
    '',
  ])('leaves out the robot %s', (ua) => {
    expect(skipReason(new Headers({ 'user-agent': ua }))).toBe('bot');
  });
  it('leaves out the site’s own tests', () => {
    expect(skipReason(headers({ [TEST_TRAFFIC_HEADER]: '1' }))).toBe('test-traffic');
  });
});
