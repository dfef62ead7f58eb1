import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { candidateFiles, matchFunctionRoute } from './netlify-routing.ts';

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
