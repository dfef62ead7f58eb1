/**
 * The local host's answers for a small deploy, through Netlify's own redirects and headers
 * engines and the real file server: everything but the sockets and the real functions.
 */
import { createHmac } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDeployConfig } from './deploy-config.ts';
import type { LoadedFunction } from './function-host.ts';
import { fileServer } from './site-files.ts';
import { siteRouter } from './site-router.ts';

const ORIGIN = 'http://localhost:4500';

const FILES: Record<string, string> = {
  'dist/index.html': 'home',
  'dist/new/index.html': 'new page',
  'dist/products/42.html': 'product 42',
  'dist/shadowed.html': 'shadowed file',
  'dist/forced.html': 'forced file',
  'dist/members/index.html': 'members only',
  'dist/shop/404.html': 'shop not found',
  'dist/assets/app.js': 'console.log(1)',
  'dist/404.html': 'site not found',
  'dist/_redirects': `
# status codes, placeholders and splats
/old              /new             301
/moved            /new             302
/p/:id            /products/:id    200
/alias            /new             200
/docs/*           /new/:splat      301
# a file shadows a rule unless it is forced
/shadowed         /new             301
/forced           /new             301!
# query parameters, a placeholder taken from the query
/search  q=:term  /found/:term     302
# conditions
/intl/*           /fr/:splat       302   Country=fr
/intl/*           /de/:splat       302   Language=de
/intl/*           /en/:splat       302
/members/*        /members/:splat  200!  Role=member
# a custom 404 page and a rewrite to a function
/shop/*           /shop/404.html   404
/legacy-api/*     /api/:splat      200
`,
  'dist/_headers': `
/assets/*
  Cache-Control: public, max-age=31536000, immutable
/new/*
  X-From-Headers-File: yes
`,
  'netlify.toml': `
[[redirects]]
  from = "/toml-old"
  to = "/new"
  status = 308

[[headers]]
  for = "/*"
  [headers.values]
    X-Content-Type-Options = "nosniff"
    Permissions-Policy = ["camera=()", "microphone=()"]
`,
  '.netlify/v1/config.json': JSON.stringify({
    headers: [{ for: '/new', values: { 'Content-Security-Policy': "default-src 'self'" } }],
    redirects: [{ from: '/framework-old', to: '/new', status: 302 }],
  }),
};

const fn = (name: string, config: LoadedFunction['config']): LoadedFunction => ({
  name,
  file: `${name}.mjs`,
  config,
  handler: (request) =>
    Response.json({ fn: name, url: request.url }, { headers: { 'X-Function': name } }),
});
const api = fn('api', { path: '/api/*' });
const ssr = fn('ssr', { path: '/*', preferStatic: true });

let root: string;
let withSsr: ReturnType<typeof siteRouter>;
let withoutSsr: ReturnType<typeof siteRouter>;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'site-router-'));
  for (const [name, text] of Object.entries(FILES)) {
    await mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await writeFile(path.join(root, name), text);
  }
  const config = await loadDeployConfig(root, root);
  const options = {
    distDir: path.join(root, 'dist'),
    config,
    routed: [api],
    serveFile: fileServer(),
    invoke: async (f: LoadedFunction, request: Request) => f.handler(request, {}),
  };
  withSsr = siteRouter({ ...options, preferStatic: [ssr] });
  withoutSsr = siteRouter({ ...options, preferStatic: [] });
});

afterAll(() => rm(root, { recursive: true, force: true }));

function get(route: ReturnType<typeof siteRouter>, pathname: string, headers?: HeadersInit) {
  return route(new Request(`${ORIGIN}${pathname}`, headers ? { headers } : {}), '127.0.0.1');
}
const location = (res: Response) => res.headers.get('location');

describe('order of resolution', () => {
  it('functions first, then files, then rules, then preferStatic functions, then 404.html', async () => {
    expect((await get(withSsr, '/api/x')).headers.get('x-function')).toBe('api');
    expect(await (await get(withSsr, '/new')).text()).toBe('new page');
    expect(location(await get(withSsr, '/old'))).toBe(`${ORIGIN}/new`);
    expect((await get(withSsr, '/on-demand')).headers.get('x-function')).toBe('ssr');
    const missing = await get(withoutSsr, '/nothing-here');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('site not found');
  });
});

describe('redirects and rewrites (@netlify/redirects)', () => {
  it('answers 301, 302 and 308 with the target, from _redirects, netlify.toml and the Frameworks API', async () => {
    for (const [from, status] of [
      ['/old', 301],
      ['/moved', 302],
      ['/toml-old', 308],
      ['/framework-old', 302],
    ] as const) {
      const res = await get(withSsr, from);
      expect(res.status, from).toBe(status);
      expect(location(res), from).toBe(`${ORIGIN}/new`);
    }
  });

  it('fills in splats and placeholders, and keeps the query', async () => {
    expect(location(await get(withSsr, '/docs/a/b?x=1'))).toBe(`${ORIGIN}/new/a/b?x=1`);
    const rewrite = await get(withSsr, '/p/42');
    expect(rewrite.status).toBe(200);
    expect(location(rewrite)).toBeNull();
    expect(await rewrite.text()).toBe('product 42');
  });

  it('lets a file shadow a rule unless the rule is forced', async () => {
    const shadowed = await get(withSsr, '/shadowed');
    expect(shadowed.status).toBe(200);
    expect(await shadowed.text()).toBe('shadowed file');
    const forced = await get(withSsr, '/forced');
    expect(forced.status).toBe(301);
    expect(location(forced)).toBe(`${ORIGIN}/new`);
  });

  it('matches a rule with query parameters only when they are there', async () => {
    expect(location(await get(withSsr, '/search?q=shoes'))).toBe(`${ORIGIN}/found/shoes?q=shoes`);
    const without = await get(withSsr, '/search');
    expect(without.headers.get('x-function'), 'no rule: on to the SSR function').toBe('ssr');
  });

  it('evaluates Country and Language conditions, falling through to the next rule', async () => {
    expect(location(await get(withSsr, '/intl/x', { cookie: 'nf_country=fr' }))).toBe(
      `${ORIGIN}/fr/x`,
    );
    expect(location(await get(withSsr, '/intl/x', { 'accept-language': 'de-DE,de;q=0.9' }))).toBe(
      `${ORIGIN}/de/x`,
    );
    expect(
      location(await get(withSsr, '/intl/x', { cookie: 'nf_country=us', 'accept-language': 'en' })),
    ).toBe(`${ORIGIN}/en/x`);
  });

  it('serves a Role-gated path only with that role in a signed nf_jwt, else the 404 page', async () => {
    const member = await get(withoutSsr, '/members/', { cookie: `nf_jwt=${jwt(['member'])}` });
    expect(member.status).toBe(200);
    expect(await member.text()).toBe('members only');
    for (const cookie of ['', `nf_jwt=${jwt(['visitor'])}`]) {
      const denied = await get(withoutSsr, '/members/', { cookie });
      expect(denied.status, cookie || 'no token').toBe(404);
      expect(await denied.text()).toBe('site not found');
    }
  });

  it('serves a custom 404 page with status 404', async () => {
    const res = await get(withSsr, '/shop/missing');
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('shop not found');
  });

  it('rewrites to a function', async () => {
    const res = await get(withoutSsr, '/legacy-api/orders');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-function')).toBe('api');
  });
});

describe('custom headers (@netlify/headers)', () => {
  it('adds _headers, [[headers]] and Frameworks API headers to files by wildcard and path', async () => {
    const page = await get(withSsr, '/new');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('permissions-policy')).toBe('camera=(), microphone=()');
    expect(page.headers.get('content-security-policy')).toBe("default-src 'self'");
    expect(page.headers.get('x-from-headers-file')).toBe('yes');
    expect(page.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');

    const asset = await get(withSsr, '/assets/app.js');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
    expect(asset.headers.get('content-security-policy')).toBeNull();
    expect(asset.headers.get('etag')).toMatch(/^"[0-9a-f]{20}"$/);
  });

  it('gives a rewritten file the headers of its own path, and a redirect those of the path asked for', async () => {
    const rewrite = await get(withSsr, '/alias');
    expect(await rewrite.text()).toBe('new page');
    expect(rewrite.headers.get('content-security-policy')).toBe("default-src 'self'");
    const redirect = await get(withSsr, '/old');
    expect(redirect.headers.get('x-content-type-options')).toBe('nosniff');
    expect(redirect.headers.get('content-security-policy')).toBeNull();
  });

  it('adds them to the 404 page but never to functions', async () => {
    expect((await get(withoutSsr, '/nothing')).headers.get('x-content-type-options')).toBe(
      'nosniff',
    );
    expect((await get(withSsr, '/api/x')).headers.get('x-content-type-options')).toBeNull();
    expect((await get(withSsr, '/on-demand')).headers.get('x-content-type-options')).toBeNull();
  });
});

/** An `nf_jwt` as Netlify Identity sets it, signed with netlify-cli's default dev secret. */
function jwt(roles: string[]): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({
    exp: Math.floor(Date.now() / 1000) + 3600,
    app_metadata: { authorization: { roles } },
  })}`;
  return `${body}.${createHmac('sha256', 'secret').update(body).digest('base64url')}`;
}
