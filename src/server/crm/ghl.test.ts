/**
 * The real GoHighLevel client against a local node:http server standing in for the
 * LeadConnector API: paths, auth and version headers, bodies, and failure handling.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readEnv } from '../env.ts';
import { CrmError, getCrm } from './crm.ts';
import { GHL_API_VERSION, GhlClient } from './ghl.ts';
import { meetsPasswordRules } from './password.ts';

type Seen = { method: string; path: string; headers: IncomingMessage['headers']; body: unknown };
type Reply = { status: number; body?: unknown };

let server: Server;
let base: string;
let seen: Seen[] = [];
let routes: Record<string, Reply | (() => Reply)> = {};

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const key = `${req.method} ${req.url}`;
      seen.push({
        method: req.method!,
        path: req.url!,
        headers: req.headers,
        body: raw ? JSON.parse(raw) : undefined,
      });
      const route = routes[key];
      const reply =
        typeof route === 'function'
          ? route()
          : (route ?? { status: 404, body: { message: 'Not found' } });
      res.writeHead(reply.status, { 'Content-Type': 'application/json' });
      res.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  seen = [];
  routes = {};
});

const client = (extra: Partial<ConstructorParameters<typeof GhlClient>[0]> = {}) =>
  new GhlClient({
    apiKey: 'pit-test-key',
    companyId: 'COMPANY123',
    apiBase: base,
    newPassword: () => 'Temp-Pass-123!',
    ...extra,
  });

const input = {
  businessName: 'Acme Bakery',
  contactName: 'Ada King Lovelace',
  email: 'ada@example.com',
  phone: '+15550142',
  website: 'https://acme.example.com',
};

describe('GhlClient (real mode)', () => {
  it('creates the sub-account, then an admin user for it, and builds the dashboard link', async () => {
    routes['POST /locations/'] = { status: 201, body: { id: 'LOC123abc', name: 'Acme Bakery' } };
    routes['POST /users/'] = { status: 201, body: { id: 'USR456', email: 'ada@example.com' } };

    const account = await client().createClientAccount(input);

    expect(account).toEqual({
      locationId: 'LOC123abc',
      userId: 'USR456',
      tempPassword: 'Temp-Pass-123!',
      dashboardUrl: 'https://app.gohighlevel.com/v2/location/LOC123abc/dashboard',
      simulated: false,
    });
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual(['POST /locations/', 'POST /users/']);
    for (const request of seen) {
      expect(request.headers.authorization).toBe('Bearer pit-test-key');
      expect(request.headers.version).toBe(GHL_API_VERSION);
      expect(request.headers['content-type']).toBe('application/json');
    }
    expect(seen[0]!.body).toEqual({
      companyId: 'COMPANY123',
      name: 'Acme Bakery',
      email: 'ada@example.com',
      phone: '+15550142',
      website: 'https://acme.example.com',
      prospectInfo: { firstName: 'Ada', lastName: 'King Lovelace', email: 'ada@example.com' },
    });
    expect(seen[1]!.body).toEqual({
      companyId: 'COMPANY123',
      firstName: 'Ada',
      lastName: 'King Lovelace',
      email: 'ada@example.com',
      password: 'Temp-Pass-123!',
      phone: '+15550142',
      type: 'account',
      role: 'admin',
      locationIds: ['LOC123abc'],
    });
  });

  it('generates a password that meets the API rules by default', async () => {
    routes['POST /locations/'] = { status: 201, body: { id: 'LOC1' } };
    routes['POST /users/'] = { status: 201, body: { id: 'U1' } };
    const account = await client({ newPassword: undefined }).createClientAccount(input);
    expect(meetsPasswordRules(account.tempPassword!)).toBe(true);
    expect((seen[1]!.body as { password: string }).password).toBe(account.tempPassword);
  });

  it('hands out no password when the user cannot be created, but keeps the sub-account', async () => {
    routes['POST /locations/'] = { status: 201, body: { id: 'LOC789' } };
    routes['POST /users/'] = { status: 400, body: { message: 'User already exists' } };
    const account = await client().createClientAccount(input);
    expect(account).toMatchObject({
      locationId: 'LOC789',
      userId: null,
      tempPassword: null,
      simulated: false,
    });
  });

  it('throws a CrmError with the status when the sub-account cannot be created', async () => {
    routes['POST /locations/'] = { status: 401, body: { message: 'Invalid JWT' } };
    const error = await client()
      .createClientAccount(input)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CrmError);
    expect((error as CrmError).status).toBe(401);
    expect((error as CrmError).message).toContain('Invalid JWT');
    expect((error as CrmError).message).not.toContain('pit-test-key');
    expect(seen).toHaveLength(1);
  });

  it('throws when the API answers without an id', async () => {
    routes['POST /locations/'] = { status: 200, body: {} };
    await expect(client().createClientAccount(input)).rejects.toBeInstanceOf(CrmError);
  });

  it('checks whether a sub-account exists', async () => {
    routes['GET /locations/LOC1'] = { status: 200, body: { location: { id: 'LOC1' } } };
    expect(await client().locationExists('LOC1')).toBe(true);
    expect(await client().locationExists('GONE')).toBe(false);
    expect(seen.map((s) => s.path)).toEqual(['/locations/LOC1', '/locations/GONE']);
    routes['GET /locations/BROKEN'] = { status: 500, body: { message: 'boom' } };
    await expect(client().locationExists('BROKEN')).rejects.toBeInstanceOf(CrmError);
  });

  it('deletes the client’s users and their sub-account, never the agency’s own users', async () => {
    routes['GET /users/?locationId=LOC1'] = {
      status: 200,
      body: {
        users: [
          { id: 'USR-LOGIN', email: ' Ada@Example.com' },
          { id: 'USR-AGENCY', email: 'owner@agency.example' },
        ],
      },
    };
    routes['DELETE /users/USR-STORED'] = { status: 200, body: { succeded: true } };
    routes['DELETE /users/USR-LOGIN'] = { status: 200, body: { succeded: true } };
    routes['DELETE /locations/LOC1?deleteTwilioAccount=true'] = {
      status: 200,
      body: { success: true },
    };
    const account = { locationId: 'LOC1', userIds: ['USR-STORED'], email: 'ada@example.com' };
    expect(await client().deleteClientAccount(account)).toBe('deleted');
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual([
      'GET /users/?locationId=LOC1',
      'DELETE /users/USR-STORED',
      'DELETE /users/USR-LOGIN',
      'DELETE /locations/LOC1?deleteTwilioAccount=true',
    ]);
    for (const request of seen) {
      expect(request.headers.authorization).toBe('Bearer pit-test-key');
      expect(request.headers.version).toBe(GHL_API_VERSION);
    }
  });

  it('counts a sub-account or user that is already gone (404) as deleted before', async () => {
    const account = { locationId: 'GONE', userIds: ['USR-GONE'], email: 'ada@example.com' };
    expect(await client().deleteClientAccount(account)).toBe('missing');
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual([
      'GET /users/?locationId=GONE',
      'DELETE /users/USR-GONE',
      'DELETE /locations/GONE?deleteTwilioAccount=true',
    ]);
  });

  it('throws a CrmError when GoHighLevel refuses the deletion, and calls nothing for a demo id', async () => {
    routes['GET /users/?locationId=LOC2'] = { status: 200, body: { users: [] } };
    routes['DELETE /locations/LOC2?deleteTwilioAccount=true'] = {
      status: 401,
      body: { message: 'The token is not authorized for this scope.' },
    };
    const error = await client()
      .deleteClientAccount({ locationId: 'LOC2', userIds: [], email: 'ada@example.com' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CrmError);
    expect((error as CrmError).status).toBe(401);
    expect((error as CrmError).message).toContain('not authorized for this scope');

    seen = [];
    const demo = { locationId: 'demo-0123456789abcdef', userIds: [], email: 'ada@example.com' };
    expect(await client().deleteClientAccount(demo)).toBe('missing');
    expect(seen).toEqual([]);
  });

  it('reports an unreachable API as a CrmError', async () => {
    const offline = new GhlClient({
      apiKey: 'k',
      companyId: 'c',
      apiBase: 'http://127.0.0.1:1',
      timeoutMs: 2000,
    });
    await expect(offline.locationExists('x')).rejects.toBeInstanceOf(CrmError);
  });

  it('is what getCrm returns when the API key and company id are configured', async () => {
    routes['POST /locations/'] = { status: 201, body: { id: 'LOCENV' } };
    routes['POST /users/'] = { status: 201, body: { id: 'UENV' } };
    const crm = getCrm(
      readEnv({ GHL_API_KEY: 'pit-env', GHL_COMPANY_ID: 'CENV', GHL_API_BASE: base }),
    );
    expect(crm.simulated).toBe(false);
    const account = await crm.createClientAccount(input);
    expect(account.locationId).toBe('LOCENV');
    expect(seen[0]!.headers.authorization).toBe('Bearer pit-env');
    expect((seen[0]!.body as { companyId: string }).companyId).toBe('CENV');
  });
});
