/**
 * Turning a `Case` into a real `Request`: the body bytes, the session cookies (fresh valid
 * sessions from the fixtures, forged or junk ones), the URL and the headers, plus what the
 * report shows of it.
 */
import Stripe from 'stripe';
import { startClientSession } from '../../../src/features/clients/client-sessions.server.ts';
import { verifiedSession } from '../../../src/testing/admin-seed.ts';
import type { Endpoint } from './discovery.ts';
import { WEBHOOK_SECRET, fixtures } from './fixtures.ts';
import { AUTO, ORIGIN, isBodyless, type BodySpec, type Case } from './cases.ts';

export type Shown = { method: string; url: string; headers: Record<string, string>; body: string };

export const clip = (s: string, n = 400) =>
  s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s;
function escapeText(s: string): string {
  return JSON.stringify(s).slice(1, -1);
}

function bodyBytes(spec: BodySpec): {
  body: BodyInit | null;
  shown: string;
  contentType: string | null;
} {
  switch (spec.kind) {
    case 'none':
      return { body: null, shown: '(none)', contentType: null };
    case 'json': {
      const text = JSON.stringify(spec.value) ?? 'null';
      return { body: text, shown: clip(text), contentType: 'application/json' };
    }
    case 'text':
      return {
        body: spec.text,
        shown: `raw text "${clip(escapeText(spec.text))}"`,
        contentType: 'application/json',
      };
    case 'bytes':
      return {
        body: new Uint8Array(spec.bytes),
        shown: `bytes ${Buffer.from(spec.bytes).toString('hex')}`,
        contentType: 'application/json',
      };
    case 'nested': {
      const [open, close, inner] = spec.shape === 'array' ? ['[', ']', ''] : ['{"a":', '}', '1'];
      return {
        body: open.repeat(spec.depth) + inner + close.repeat(spec.depth),
        shown: `${JSON.stringify(open)} x ${spec.depth} + ${JSON.stringify(inner)} + ${JSON.stringify(close)} x ${spec.depth}`,
        contentType: 'application/json',
      };
    }
    case 'stream': {
      const chunk = new TextEncoder().encode(`{"pad":"${'x'.repeat(64 * 1024 - 10)}",`);
      let sent = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent >= spec.size) return controller.close();
          const part = chunk.subarray(0, Math.min(chunk.byteLength, spec.size - sent));
          sent += part.byteLength;
          controller.enqueue(part);
        },
      });
      return {
        body: stream,
        shown: `ReadableStream of ${spec.size} bytes, no Content-Length`,
        contentType: 'application/json',
      };
    }
    case 'form': {
      const text = new URLSearchParams(spec.fields).toString();
      return {
        body: text,
        shown: `form "${clip(text)}"`,
        contentType: 'application/x-www-form-urlencoded',
      };
    }
    case 'multipart':
      return {
        body: spec.text,
        shown: `multipart "${clip(escapeText(spec.text))}"`,
        contentType: `multipart/form-data; boundary=${spec.boundary}`,
      };
    case 'webhook': {
      const text = JSON.stringify(spec.event) ?? 'null';
      return { body: text, shown: clip(text), contentType: 'application/json' };
    }
  }
}

async function cookieFor(c: Case): Promise<{ cookie: string | null; shown: string | null }> {
  const fx = fixtures();
  const { db } = fx;
  switch (c.session) {
    case 'none':
      return { cookie: null, shown: null };
    case 'forged':
      return {
        cookie: `__Host-client_session=${'A'.repeat(43)}; __Host-admin_session=${'B'.repeat(43)}`,
        shown: `__Host-client_session=${'A'.repeat(43)}; __Host-admin_session=${'B'.repeat(43)}`,
      };
    case 'junk':
      return { cookie: c.junkCookie || null, shown: c.junkCookie || null };
    case 'client+admin':
    case 'order-only+admin': {
      const whole = c.session === 'client+admin';
      const client = await startClientSession(db, {
        clientId: whole ? fx.clientId : null,
        wholeAccount: whole,
        orderIds: whole ? [] : [fx.orderId],
      });
      const admin = await verifiedSession(db, fx.adminUserId);
      return {
        cookie: `${client.split(';')[0]}; __Host-admin_session=${admin}`,
        shown: `<valid ${whole ? 'whole-account client' : 'order-only client'} session>; <valid admin session>`,
      };
    }
  }
}

function urlOf(ep: Endpoint, c: Case): string {
  const pathname = ep.pattern.replace(
    /:(\w+)|\*/g,
    (_m, name: string | undefined) => c.params[name ?? '*'] ?? '',
  );
  const query =
    c.query === null
      ? ''
      : typeof c.query === 'string'
        ? `?${c.query}`
        : `?${c.query.map(([k, v]) => `${k}=${v}`).join('&')}`;
  return `${ORIGIN}${pathname}${query}`;
}

export async function buildRequest(ep: Endpoint, c: Case): Promise<{ req: Request; shown: Shown }> {
  const headers: Record<string, string> = {};
  const shownHeaders: Record<string, string> = {};
  const set = (k: string, v: string | null, shown = v) => {
    if (v === null) return;
    headers[k] = v;
    if (shown !== null) shownHeaders[k] = clip(shown, 120);
  };
  const body = isBodyless(c.method) ? bodyBytes({ kind: 'none' }) : bodyBytes(c.body);
  set('content-type', c.contentType === AUTO ? body.contentType : c.contentType);
  set('content-length', c.contentLength);
  set('origin', c.origin);
  if (c.csrf) set('x-requested-with', 'fetch');
  set('sec-fetch-site', c.secFetchSite);
  set('x-nf-client-connection-ip', c.ip);
  const cookie = await cookieFor(c);
  set('cookie', cookie.cookie, cookie.shown);
  let shownBody = body.shown;
  if (c.body.kind === 'webhook' && !isBodyless(c.method) && typeof body.body === 'string') {
    const sig =
      c.body.signature === 'valid'
        ? Stripe.webhooks.generateTestHeaderString({ payload: body.body, secret: WEBHOOK_SECRET })
        : c.body.signature === 'stale'
          ? Stripe.webhooks.generateTestHeaderString({
              payload: body.body,
              secret: WEBHOOK_SECRET,
              timestamp: Math.floor(Date.now() / 1000) - 3600,
            })
          : c.body.signature;
    set(
      'stripe-signature',
      sig,
      c.body.signature === 'valid' || c.body.signature === 'stale'
        ? `<${c.body.signature} signature of this body with the test secret>`
        : sig,
    );
    shownBody = `${shownBody} (signed event)`;
  }
  const url = urlOf(ep, c);
  const req = new Request(url, {
    method: c.method,
    headers,
    body: body.body,
    ...(body.body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
  return {
    req,
    shown: { method: c.method, url: clip(url, 300), headers: shownHeaders, body: shownBody },
  };
}
