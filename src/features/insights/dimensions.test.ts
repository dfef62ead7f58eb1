import { describe, expect, it } from 'vitest';
import { deviceClass, normalisePath, OTHER, parseUtm, referrerHost, sourceOf } from './dimensions';

describe('normalisePath', () => {
  it.each([
    ['/', '/'],
    ['/products?utm_source=x&q=secret', '/products'],
    ['/Products/', '/products'],
    ['/contact#form', '/contact'],
    ['//products', '/products'],
    ['/onboarding-starter/1234', '/onboarding-starter/:order'],
    ['/onboarding/987?token=abc', '/onboarding/:order'],
    ['/purchase/starter', '/purchase/:product'],
  ])('%s counts as %s', (raw, path) => expect(normalisePath(raw)).toBe(path));

  it.each([
    '/wp-admin.php',
    '/purchase/not-a-product',
    '/onboarding-starter/1/2',
    '/users/ada@example.com',
    '/products/../../etc/passwd/x',
    '/' + 'a'.repeat(400),
    '/onboarding/' + 'x'.repeat(80),
    '',
  ])('folds %s into "other"', (raw) => expect(normalisePath(raw)).toBe(OTHER));
});

describe('referrerHost', () => {
  it('keeps only the host, without www', () => {
    expect(referrerHost('https://www.Google.com/search?q=agency', 'shop.test')).toBe('google.com');
  });
  it('is empty for no referrer and for the site itself', () => {
    expect(referrerHost('', 'shop.test')).toBe('');
    expect(referrerHost('https://shop.test/products', 'shop.test')).toBe('');
  });
  it('folds what is not a web address into "other"', () => {
    expect(referrerHost('javascript:alert(1)', 'shop.test')).toBe(OTHER);
    expect(referrerHost('not a url', 'shop.test')).toBe(OTHER);
    expect(referrerHost(`https://${'a'.repeat(120)}.com/`, 'shop.test')).toBe(OTHER);
  });
});

describe('parseUtm', () => {
  it('reads the three UTM values, lower case, and nothing else', () => {
    expect(
      parseUtm('?utm_source=Newsletter&utm_medium=email&utm_campaign=Spring+Sale&id=7'),
    ).toEqual({ source: 'newsletter', medium: 'email', campaign: 'spring sale' });
  });
  it('bounds length and alphabet', () => {
    expect(parseUtm(`?utm_source=${'x'.repeat(200)}`).source).toHaveLength(60);
    expect(parseUtm('?utm_source=%3Cscript%3E').source).toBe(OTHER);
    expect(parseUtm('').source).toBe('');
  });
});

describe('deviceClass', () => {
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148', 'mobile'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/131 Mobile Safari/537.36', 'mobile'],
    ['Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)', 'tablet'],
    ['Mozilla/5.0 (Linux; Android 14; SM-X710) Chrome/131 Safari/537.36', 'tablet'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131 Safari/537.36', 'desktop'],
    ['', 'unknown'],
  ])('%s is %s', (ua, device) => expect(deviceClass(ua)).toBe(device));
});

it('names a source by its UTM source, else its referrer, else direct', () => {
  expect(sourceOf({ utmSource: 'news', referrerHost: 'google.com' })).toBe('news');
  expect(sourceOf({ utmSource: '', referrerHost: 'google.com' })).toBe('google.com');
  expect(sourceOf({ utmSource: '', referrerHost: '' })).toBe('(direct)');
});
