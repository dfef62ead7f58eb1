import pg from 'pg';
import { setTimeout as sleep } from 'node:timers/promises';

export const ENDPOINTS = ['page', 'contact', 'meeting', 'checkout', 'pay', 'lookup'] as const;
export type Endpoint = (typeof ENDPOINTS)[number];

export type Sample = {
  endpoint: Endpoint;
  /** 0: no answer within the time limit, or the connection failed (see `error`). */
  status: number;
  /** ms since the run started, when the request was sent and when its answer was read. */
  startedAt: number;
  endedAt: number;
  /** A 503 that carried Retry-After (every 503 of ours must). */
  retryAfter: boolean;
  /** For pay: the Pay button's 303 went back to the payment page saying "unavailable". */
  unavailable?: boolean;
  error?: string;
};

export type LoadRun = {
  samples: Sample[];
  acknowledged: { contacts: string[]; meetings: string[]; payments: string[] };
  /** Purchases whose Pay was never acknowledged although the buyer kept pressing. */
  unpaid: string[];
  /** Every address this run used, to find its rows (all end in `@<runId>.load.example`). */
  domain: string;
  durationMs: number;
};

export type LoadOptions = {
  origin: string;
  visitors: number;
  durationMs: number;
  timeoutMs?: number;
  /** How long a buyer keeps pressing Pay again after "unavailable" (past the run's end too). */
  payPatienceMs?: number;
  /** Called with ms since the start, every 250 ms (the restart test stops the database here). */
  onTick?: (ms: number) => void | Promise<void>;
};

function inDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

export async function runLoad(options: LoadOptions): Promise<LoadRun> {
  const { origin, visitors, durationMs } = options;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const payPatienceMs = options.payPatienceMs ?? 30_000;
  const domain = `${Date.now().toString(36)}.load.example`;
  const started = performance.now();
  const now = () => Math.round(performance.now() - started);
  const samples: Sample[] = [];
  const acknowledged: LoadRun['acknowledged'] = { contacts: [], meetings: [], payments: [] };
  const unpaid: string[] = [];
  let requestCount = 0;

  /** One request with its own client address, so no per-address limit answers for the database. */
  async function send(
    endpoint: Endpoint,
    path: string,
    init: RequestInit & { cookies?: Map<string, string> } = {},
  ): Promise<{ sample: Sample; response?: Response; body: string }> {
    requestCount += 1;
    const n = requestCount;
    const startedAt = now();
    const headers = new Headers(init.headers);
    headers.set('x-forwarded-for', `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`);
    headers.set('origin', origin);
    if (init.cookies?.size)
      headers.set('cookie', [...init.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    try {
      const response = await fetch(new URL(path, origin), {
        ...init,
        headers,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      const body = await response.text();
      for (const cookie of response.headers.getSetCookie()) {
        const [pair = ''] = cookie.split(';');
        const i = pair.indexOf('=');
        init.cookies?.set(pair.slice(0, i), pair.slice(i + 1));
      }
      const sample: Sample = {
        endpoint,
        status: response.status,
        startedAt,
        endedAt: now(),
        retryAfter: /^\d+$/.test(response.headers.get('retry-after') ?? ''),
      };
      samples.push(sample);
      return { sample, response, body };
    } catch (error) {
      const e = error as Error & { cause?: { code?: string } };
      const sample: Sample = {
        endpoint,
        status: 0,
        startedAt,
        endedAt: now(),
        retryAfter: false,
        error:
          e.name === 'TimeoutError'
            ? `no answer within ${timeoutMs} ms`
            : (e.cause?.code ?? e.message),
      };
      samples.push(sample);
      // A refused connection answers at once; a visitor does not hammer a host that is gone.
      await sleep(100);
      return { sample, body: '' };
    }
  }

  const postJson = (
    endpoint: Endpoint,
    path: string,
    body: unknown,
    cookies?: Map<string, string>,
  ) =>
    send(endpoint, path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      ...(cookies ? { cookies } : {}),
    });

  async function contact(email: string) {
    const { sample } = await postJson('contact', '/api/contact-form', {
      name: 'Load Visitor',
      email,
      phone: '',
      company: 'Load Test',
      message: 'A message that must be stored exactly once, whatever the database does.',
      website: '',
    });
    if (sample.status === 200) acknowledged.contacts.push(email);
  }

  async function meeting(email: string) {
    const { sample } = await postJson('meeting', '/api/schedule-meeting', {
      name: 'Load Visitor',
      email,
      phone: '',
      company: 'Load Test',
      meetingType: 'consultation',
      preferredDate: inDays(10),
      preferredTime: '9:30 AM',
      timezone: 'EST',
      message: '',
      website: '',
    });
    if (sample.status === 200) acknowledged.meetings.push(email);
  }

  async function purchase(email: string, deadline: number) {
    const cookies = new Map<string, string>();
    const created = await postJson(
      'checkout',
      '/api/create-checkout-session',
      {
        items: [{ id: 'starter', billingCycle: 'oneTime', quantity: 1 }],
        success_url: `${origin}/checkout/success`,
        cancel_url: `${origin}/products`,
      },
      cookies,
    );
    if (created.sample.status !== 200) return;
    const url = (JSON.parse(created.body) as { url?: string }).url;
    const session = url ? new URL(url, origin).searchParams.get('session') : null;
    if (!session) return;
    const form = new URLSearchParams({ action: 'pay', session, name: 'Load Buyer', email });
    for (;;) {
      const paid = await send('pay', '/api/simulated-checkout', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
        cookies,
      });
      const location = paid.response?.headers.get('location') ?? '';
      if (paid.sample.status === 303 && location.includes('/checkout/success')) {
        acknowledged.payments.push(session);
        break;
      }
      paid.sample.unavailable =
        paid.sample.status === 303 && location.includes('error=unavailable');
      if (now() > deadline + payPatienceMs) {
        unpaid.push(session);
        return;
      }
      await sleep(400);
    }
    await send('lookup', `/api/checkout-session/${encodeURIComponent(session)}`, { cookies });
  }

  async function visitor(v: number) {
    for (let round = 0; now() < durationMs; round++) {
      const email = (kind: string) => `${kind}-${v}-${round}@${domain}`;
      switch (round % 4) {
        case 0:
          await send('page', '/');
          break;
        case 1:
          await contact(email('contact'));
          break;
        case 2:
          await purchase(email('buyer'), durationMs);
          break;
        default:
          await meeting(email('meeting'));
      }
    }
  }

  let ticking = true;
  const ticker = (async () => {
    while (ticking) {
      await options.onTick?.(now());
      await sleep(250);
    }
  })();
  try {
    await Promise.all(Array.from({ length: visitors }, (_, v) => visitor(v)));
  } finally {
    ticking = false;
    await ticker;
  }
  return { samples, acknowledged, unpaid, domain, durationMs: now() };
}

export type StoredCheck = {
  lost: { contacts: string[]; meetings: string[]; payments: string[] };
  /** Stored more than once (a form row, or an order per paid session). */
  doubled: { contacts: string[]; meetings: string[]; orders: string[] };
  completeWithoutOrder: string[];
  confirmationsOff: string[];
  counts: { contacts: number; meetings: number; orders: number };
};

export async function checkAcknowledged(url: string, run: LoadRun): Promise<StoredCheck> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  const like = `%@${run.domain}`;
  const counted = async (sql: string) => {
    const { rows } = await client.query<{ key: string; n: number }>(sql, [like]);
    return new Map(rows.map((r) => [r.key, r.n]));
  };
  try {
    const contacts = await counted(
      'SELECT email AS key, count(*)::int AS n FROM contact_messages WHERE email LIKE $1 GROUP BY email',
    );
    const meetings = await counted(
      'SELECT email AS key, count(*)::int AS n FROM meeting_requests WHERE email LIKE $1 GROUP BY email',
    );
    const orders = await counted(
      `SELECT checkout_session_id AS key, count(*)::int AS n FROM orders
       WHERE customer_email LIKE $1 GROUP BY checkout_session_id`,
    );
    const { rows: incomplete } = await client.query<{ id: string }>(
      `SELECT s.id FROM checkout_sessions s
       WHERE s.status = 'complete' AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.checkout_session_id = s.id)`,
    );
    const { rows: confirmations } = await client.query<{ session: string; n: number }>(
      `SELECT o.checkout_session_id AS session,
         (SELECT count(*)::int FROM email_outbox e
          WHERE e.kind = 'order-confirmation' AND e."to" = o.customer_email) AS n
       FROM orders o WHERE o.customer_email LIKE $1`,
      [like],
    );
    const missing = (keys: string[], stored: Map<string, number>) =>
      keys.filter((k) => !stored.get(k));
    const twice = (stored: Map<string, number>) =>
      [...stored].filter(([, n]) => n > 1).map(([k]) => k);
    return {
      lost: {
        contacts: missing(run.acknowledged.contacts, contacts),
        meetings: missing(run.acknowledged.meetings, meetings),
        payments: missing(run.acknowledged.payments, orders),
      },
      doubled: { contacts: twice(contacts), meetings: twice(meetings), orders: twice(orders) },
      completeWithoutOrder: incomplete.map((r) => r.id),
      confirmationsOff: confirmations.filter((c) => c.n !== 1).map((c) => c.session),
      counts: { contacts: contacts.size, meetings: meetings.size, orders: orders.size },
    };
  } finally {
    await client.end();
  }
}

/** The p-th percentile (0..100) of `values`, nearest rank. */
export function percentile(values: number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  ]!;
}

export type EndpointRow = {
  endpoint: Endpoint;
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  ok: number;
  unavailable: number;
  /** Any 5xx but a 503 with Retry-After, and every request without an answer. */
  failed: number;
};

export function endpointTable(samples: Sample[], ms: number): EndpointRow[] {
  return ENDPOINTS.map((endpoint) => {
    const mine = samples.filter((s) => s.endpoint === endpoint);
    const took = mine.map((s) => s.endedAt - s.startedAt);
    return {
      endpoint,
      requests: mine.length,
      perSecond: Math.round((mine.length / Math.max(ms, 1)) * 10_000) / 10,
      p50: percentile(took, 50),
      p95: percentile(took, 95),
      ok: mine.filter((s) => s.status > 0 && s.status < 400 && !s.unavailable).length,
      unavailable: mine.filter((s) => (s.status === 503 && s.retryAfter) || s.unavailable).length,
      failed: mine.filter(isFailure).length,
    };
  });
}

export function isFailure(sample: Sample): boolean {
  return (
    sample.status === 0 || (sample.status >= 500 && !(sample.status === 503 && sample.retryAfter))
  );
}

export function formatTable(rows: EndpointRow[]): string {
  const header = ['endpoint', 'requests', 'req/s', 'p50 ms', 'p95 ms', 'ok', '503', 'failed'];
  const lines = rows.map((r) =>
    [r.endpoint, r.requests, r.perSecond, r.p50, r.p95, r.ok, r.unavailable, r.failed].map(String),
  );
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const row = (cells: string[]) =>
    `| ${cells.map((c, i) => (i ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join(' | ')} |`;
  return [
    row(header),
    `|${widths.map((w, i) => (i ? '-'.repeat(w + 1) + ':' : '-'.repeat(w + 2))).join('|')}|`,
    ...lines.map(row),
  ].join('\n');
}
