import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  candidateFiles,
  headerRuleMatches,
  headerRulesFromFrameworkConfig,
  headerRulesFromToml,
  headersFor,
  matchFunctionRoute,
  matchRedirect,
  parseRedirects,
} from './netlify-routing.ts';

describe('header rules', () => {
  it('matches splats, placeholders and exact paths, ignoring a trailing slash', () => {
    expect(headerRuleMatches('/*', '/')).toBe(true);
    expect(headerRuleMatches('/*', '/a/b')).toBe(true);
    expect(headerRuleMatches('/_astro/*', '/_astro/x.js')).toBe(true);
    expect(headerRuleMatches('/_astro/*', '/about')).toBe(false);
    expect(headerRuleMatches('/about', '/about/')).toBe(true);
    expect(headerRuleMatches('/about', '/about-us')).toBe(false);
    expect(headerRuleMatches('/', '/about')).toBe(false);
    expect(headerRuleMatches('/blog/:slug', '/blog/post')).toBe(true);
    expect(headerRuleMatches('/blog/:slug', '/blog/post/more')).toBe(false);
  });

  it('combines every matching rule, joining repeated headers like Netlify', () => {
    const rules = [
      { for: '/*', values: { 'X-Content-Type-Options': 'nosniff', Link: '</a>' } },
      { for: '/about', values: { 'Content-Security-Policy': "default-src 'self'" } },
      { for: '/about', values: { link: '</b>' } },
    ];
    expect(headersFor(rules, '/about')).toEqual({
      'X-Content-Type-Options': 'nosniff',
      Link: '</a>, </b>',
      'Content-Security-Policy': "default-src 'self'",
    });
    expect(headersFor(rules, '/')).toEqual({ 'X-Content-Type-Options': 'nosniff', Link: '</a>' });
  });

  it('reads netlify.toml tables and the adapter config', () => {
    expect(
      headerRulesFromToml({
        headers: [{ for: '/*', values: { A: 'x', B: ['y', 'z'] } }, { nope: 1 }],
      }),
    ).toEqual([{ for: '/*', values: { A: 'x', B: 'y, z' } }]);
    expect(headerRulesFromFrameworkConfig({ headers: [{ for: '/', values: { C: 'd' } }] })).toEqual(
      [{ for: '/', values: { C: 'd' } }],
    );
    expect(headerRulesFromToml({})).toEqual([]);
  });
});

describe('redirects', () => {
  const rules = parseRedirects(`
# comment
/old        /new
/blog/*     /news/:splat   302
/p/:id      /products/:id  200!
`);

  it('parses status and force', () => {
    expect(rules).toEqual([
      { from: '/old', to: '/new', status: 301, force: false },
      { from: '/blog/*', to: '/news/:splat', status: 302, force: false },
      { from: '/p/:id', to: '/products/:id', status: 200, force: true },
    ]);
  });

  it('fills in splats and placeholders', () => {
    expect(matchRedirect(rules, '/old')?.target).toBe('/new');
    expect(matchRedirect(rules, '/blog/2026/x')?.target).toBe('/news/2026/x');
    expect(matchRedirect(rules, '/p/42')?.target).toBe('/products/42');
    expect(matchRedirect(rules, '/other')).toBeUndefined();
  });
});

describe('candidateFiles', () => {
  const root = '/srv/dist';

  it('serves pretty URLs from file.html or dir/index.html', () => {
    expect(candidateFiles(root, '/about')).toEqual([
      '/srv/dist/about',
      '/srv/dist/about.html',
      path.join('/srv/dist/about', 'index.html'),
    ]);
    expect(candidateFiles(root, '/about/')).toEqual([
      '/srv/dist/about/index.html',
      '/srv/dist/about.html',
    ]);
    expect(candidateFiles(root, '/')).toEqual(['/srv/dist/index.html']);
  });

  it('refuses paths that leave the publish directory', () => {
    expect(candidateFiles(root, '/../etc/passwd')).toEqual([]);
    expect(candidateFiles(root, '/%2e%2e/etc/passwd')).toEqual([]);
    expect(candidateFiles(root, '/%E0%A4%A')).toEqual([]);
  });
});

describe('matchFunctionRoute', () => {
  it('matches config.path with params and honours config.method', () => {
    const config = { path: '/api/orders/:id', method: ['GET'] };
    expect(matchFunctionRoute('orders', config, '/api/orders/7', 'GET')).toEqual({ id: '7' });
    expect(matchFunctionRoute('orders', config, '/api/orders/7', 'HEAD')).toEqual({ id: '7' });
    expect(matchFunctionRoute('orders', config, '/api/orders/7', 'POST')).toBeUndefined();
    expect(matchFunctionRoute('orders', config, '/api/orders', 'GET')).toBeUndefined();
  });

  it('accepts lists of paths, a single method string, and excludedPath', () => {
    const config = { path: ['/api/a', '/api/b/*'], method: 'POST', excludedPath: '/api/b/private' };
    expect(matchFunctionRoute('x', config, '/api/a', 'POST')).toEqual({});
    expect(matchFunctionRoute('x', config, '/api/b/c/d', 'POST')).toEqual({});
    expect(matchFunctionRoute('x', config, '/api/b/private', 'POST')).toBeUndefined();
  });

  it('answers at /.netlify/functions/<name> without a path', () => {
    expect(matchFunctionRoute('ping', undefined, '/.netlify/functions/ping', 'GET')).toEqual({});
    expect(matchFunctionRoute('ping', {}, '/api/ping', 'GET')).toBeUndefined();
  });

  it('never answers for a scheduled function, as Netlify runs those on their schedule only', () => {
    const config = { schedule: '*/5 * * * *' };
    expect(
      matchFunctionRoute('outbox-deliver', config, '/.netlify/functions/outbox-deliver', 'GET'),
    ).toBe(undefined);
    expect(
      matchFunctionRoute('outbox-deliver', config, '/.netlify/functions/outbox-deliver', 'POST'),
    ).toBe(undefined);
  });
});
