/**
 * The checker itself, on manifest entries in the exact shape `netlify build` wrote them
 * (copied from .netlify/functions/manifest.json); the real comparison runs in `npm test` as
 * `npm run check:netlify` after Netlify's own build.
 */
import { describe, expect, it } from 'vitest';
import { conformanceProblems, concretePath, type Manifest } from './conformance.ts';
import type { LoadedFunction } from './function-host.ts';

const handler = () => new Response();
const local = (name: string, config: LoadedFunction['config']): LoadedFunction => ({
  name,
  file: `${name}.mjs`,
  handler,
  config,
});

const SSR = {
  name: 'ssr',
  routes: [{ pattern: '/*', expression: '^(?:\\/(.*))\\/?$', methods: [], prefer_static: true }],
};
const MANIFEST: Manifest = {
  functions: [
    {
      name: 'logo-get',
      routes: [
        {
          pattern: '/api/onboarding/logo/:orderId/:key',
          expression: '^\\/api\\/onboarding\\/logo(?:\\/([^\\/]+?))(?:\\/([^\\/]+?))\\/?$',
          methods: ['GET'],
        },
      ],
    },
    {
      name: 'contact-form',
      routes: [{ pattern: '/api/contact-form', literal: '/api/contact-form', methods: ['POST'] }],
    },
    { name: 'outbox-deliver', schedule: '*/5 * * * *' },
    {
      name: 'orders-export-background',
      invocationMode: 'background',
      routes: [
        {
          pattern: '/api/background/orders-export',
          literal: '/api/background/orders-export',
          methods: ['POST'],
        },
      ],
    },
    SSR,
  ],
};
const LOCAL = [
  local('logo-get', { path: '/api/onboarding/logo/:orderId/:key', method: ['GET'] }),
  local('contact-form', { path: '/api/contact-form', method: ['POST'] }),
  local('outbox-deliver', { schedule: '*/5 * * * *' }),
  local('orders-export-background', {
    path: '/api/background/orders-export',
    method: ['POST'],
    background: true,
  }),
];

describe('conformance with the manifest of `netlify build`', () => {
  it('accepts a local host that routes as Netlify does', () => {
    expect(conformanceProblems(MANIFEST, LOCAL)).toEqual([]);
    expect(concretePath('/api/onboarding/logo/:orderId/:key')).toEqual({
      pathname: '/api/onboarding/logo/v-orderId/v-key',
      params: { orderId: 'v-orderId', key: 'v-key' },
    });
  });

  it('reports a function missing on either side', () => {
    expect(conformanceProblems(MANIFEST, LOCAL.slice(1))).toEqual([
      "logo-get: in Netlify's manifest, not served locally",
    ]);
    expect(
      conformanceProblems(MANIFEST, [...LOCAL, local('extra', { path: '/api/extra' })]),
    ).toEqual(["extra: served locally, not in Netlify's manifest"]);
  });

  it('reports other methods, paths or parameters than Netlify routes', () => {
    const methods = [
      local('contact-form', { path: '/api/contact-form' }),
      ...LOCAL.filter((f) => f.name !== 'contact-form'),
    ];
    expect(conformanceProblems(MANIFEST, methods)).toContain(
      'contact-form: GET /api/contact-form is routed locally, not on Netlify',
    );
    const paths = [
      local('logo-get', { path: '/api/onboarding/logo/:orderId', method: 'GET' }),
      ...LOCAL.slice(1),
    ];
    expect(conformanceProblems(MANIFEST, paths)).toContain(
      'logo-get: GET /api/onboarding/logo/v-orderId/v-key goes to nothing locally',
    );
  });

  it('reports a scheduled function that the local host would run by URL instead', () => {
    const unscheduled = [...LOCAL.slice(0, 2), local('outbox-deliver', undefined), LOCAL[3]!];
    expect(conformanceProblems(MANIFEST, unscheduled)).toEqual([
      'outbox-deliver: schedule */5 * * * * on Netlify, undefined locally',
      'outbox-deliver: scheduled, yet reachable locally at /.netlify/functions/outbox-deliver',
    ]);
  });

  it("requires Netlify's SSR catch-all to prefer static files", () => {
    const withoutSsr = { functions: MANIFEST.functions.filter((f) => f.name !== 'ssr') };
    expect(conformanceProblems(withoutSsr, LOCAL)).toEqual([
      "ssr: Netlify's manifest has no catch-all route that prefers static files",
    ]);
  });

  it('reports a background function that one side would answer in the foreground', () => {
    const foreground: Manifest = {
      functions: MANIFEST.functions.map(({ invocationMode: _mode, ...f }) => f),
    };
    expect(conformanceProblems(foreground, LOCAL)).toEqual([
      'orders-export-background: not a background function on Netlify, one locally',
    ]);
  });
});
