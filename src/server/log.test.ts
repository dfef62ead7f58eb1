import { describe, expect, it, vi } from 'vitest';
import {
  callerFileName,
  inRequestScope,
  log,
  loggablePath,
  logLine,
  requestIdOf,
  scrub,
} from './log';

describe('log lines', () => {
  it('are one JSON line with the time, the level and the request scope', () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    try {
      inRequestScope({ requestId: '01KJD9FATBP38BK9EPSN617QKP', function: 'orders' }, () =>
        log('info', 'Outbox delivery', { sent: 2 }),
      );
      const text = String(info.mock.calls[0]?.[0]);
      expect(text).not.toContain('\n');
      expect(JSON.parse(text)).toEqual({
        level: 'info',
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        msg: 'Outbox delivery',
        requestId: '01KJD9FATBP38BK9EPSN617QKP',
        function: 'orders',
        sent: 2,
      });
    } finally {
      info.mockRestore();
    }
  });

  it('scrub e-mail addresses and token-like strings from every text field', () => {
    const line = logLine('error', 'Sign-in failed for ada@example.com', {
      error: 'token 3f9a0c1b2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a rejected',
      nested: { who: ['bob.smith+x@mail.example.org'] },
    });
    const text = JSON.stringify(line);
    expect(text).not.toMatch(/ada@example\.com|bob\.smith|3f9a0c1b2d3e/);
    expect(line.msg).toBe('Sign-in failed for [address]');
    expect(scrub('session abcdefghijklmnopqrstuvwxyz0123456789')).toBe('session [token]');
  });
});

describe('what a request line names', () => {
  it("takes Netlify's x-nf-request-id, then context.requestId, else makes one", () => {
    const withHeader = new Request('http://x/', {
      headers: { 'x-nf-request-id': '01KJD9FATBP38BK9EPSN617QKP' },
    });
    expect(requestIdOf(withHeader, { requestId: 'other' })).toBe('01KJD9FATBP38BK9EPSN617QKP');
    expect(requestIdOf(new Request('http://x/'), { requestId: 'ctx-id' })).toBe('ctx-id');
    expect(requestIdOf(new Request('http://x/'))).toMatch(/^[0-9a-f-]{36}$/);
    const odd = new Request('http://x/', { headers: { 'x-nf-request-id': 'a b"\\' } });
    expect(requestIdOf(odd)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logs the path without its query string, with matched parameters by name', () => {
    expect(
      loggablePath('https://site.example/api/orders/pi_123?email=ada%40example.com&token=abc', {
        paymentIntentId: 'pi_123',
      }),
    ).toBe('/api/orders/:paymentIntentId');
    expect(loggablePath('https://site.example/api/x/ada%40example.com/' + 'a'.repeat(40))).toBe(
      '/api/x/[address]/[token]',
    );
  });

  it('names the function after the file that called handler(), source or bundle', () => {
    const source = [
      'Error',
      '    at handler (/work/site/src/server/handler.ts:52:26)',
      '    at file:///work/site/netlify/functions/orders.mts:12:16',
    ].join('\n');
    expect(callerFileName(source)).toBe('orders');
    const throughHelper = [
      'Error',
      '    at handler (/work/site/src/server/handler.ts:52:26)',
      '    at formSubmissionHandler (/work/site/src/server/form-submissions.ts:128:18)',
      '    at formFunction (/work/site/src/server/form-submissions.ts:184:5)',
      '    at file:///work/site/netlify/functions/contact-form.mts:9:16',
    ].join('\n');
    expect(callerFileName(throughHelper)).toBe('contact-form');
    const fromATest = [
      'Error',
      '    at handler (/work/site/src/server/handler.ts:52:26)',
      '    at contactFormHandler (/work/site/src/features/contact/contact.server.ts:40:3)',
      '    at /work/site/netlify/tests/contact-form.test.mts:20:17',
    ].join('\n');
    expect(callerFileName(fromATest)).toBe('contact-form.test');
    const bundle = [
      'Error',
      '    at handler (file:///var/task/.netlify/functions-bundled/contact-form.mjs:3:1200)',
      '    at file:///var/task/.netlify/functions-bundled/contact-form.mjs:3:9000',
    ].join('\n');
    expect(callerFileName(bundle)).toBe('contact-form');
    expect(callerFileName(undefined)).toBe('unknown');
  });
});
