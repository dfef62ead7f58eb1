import { describe, expect, it } from 'vitest';
import { invokeFunction, type LoadedFunction } from './function-host.ts';

describe('the local host runs a background function as Netlify does', () => {
  it('answers 202 at once and runs the function detached, with the request body', async () => {
    let release!: () => void;
    const released = new Promise<void>((done) => (release = done));
    let received!: (body: string) => void;
    const ran = new Promise<string>((resolve) => (received = resolve));
    const fn: LoadedFunction = {
      name: 'orders-export-background',
      file: 'orders-export-background.mjs',
      handler: async (req) => {
        const body = await req.text();
        await released;
        received(body);
        return Response.json({ dropped: true });
      },
      config: { path: '/api/background/orders-export', method: ['POST'], background: true },
    };
    const request = new Request('http://localhost/api/background/orders-export', {
      method: 'POST',
      body: '{"id":"x"}',
    });
    const response = await invokeFunction(fn, request, {}, '127.0.0.1');
    expect(response.status).toBe(202);
    expect(await response.text()).toBe('');
    release();
    expect(await ran).toBe('{"id":"x"}');
  });

  it('answers a foreground function with its own response', async () => {
    const fn: LoadedFunction = {
      name: 'contact-form',
      file: 'contact-form.mjs',
      handler: () => Response.json({ ok: true }),
      config: { path: '/api/contact-form' },
    };
    const response = await invokeFunction(fn, new Request('http://localhost/'), {}, '127.0.0.1');
    expect(response.status).toBe(200);
  });
});
