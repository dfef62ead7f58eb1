/**
 * /api/health against a real PostgreSQL, through serve.ts as its own process (the real
 * functions, as `npm run preview` serves them): 200 while the database is up, 503 naming the
 * database while PostgreSQL is shut down (fast, as a managed database is on a restart), 200
 * again once it is back. Meanwhile a form sent during the outage is logged as one JSON line with
 * Netlify's request id, and without its body, its query string's token or any address.
 * The timeline, the answers and that log line are printed for the record.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMigratedDatabase,
  startPostgres,
  type PostgresServer,
} from '../../src/testing/postgres-server.ts';
import {
  databaseHost,
  fatalErrors,
  freePort,
  makeSiteRoot,
  request,
  sleep,
  startHost,
  Timeline,
  type Answer,
  type Host,
} from './host-harness.ts';

let server: PostgresServer;
let host: Host;
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  server = await startPostgres();
  const url = await createMigratedDatabase(server, 'health_outage');
  const site = await makeSiteRoot();
  cleanups.push(site.remove);
  host = await startHost({ root: site.dir, port: await freePort(), ...databaseHost(url) });
  cleanups.push(() => host.stop());
}, 120_000);

afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  await server?.stop();
});

type HealthBody = { status: string; checks: Record<string, unknown> };

const health = () => request(`${host.origin}/api/health`, {}, 10_000);
const body = (answer: Answer) => JSON.parse(answer.text) as HealthBody;

/** Asks until the answer has `status`, for at most `ms`; every answer on the way is returned. */
async function untilStatus(status: number, ms: number): Promise<Answer[]> {
  const answers: Answer[] = [];
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const answer = await health();
    answers.push(answer);
    if (answer.status === status) break;
    await sleep(250);
  }
  return answers;
}

/** The JSON lines the host printed that carry `requestId`. */
function logLinesOf(requestId: string): Record<string, unknown>[] {
  return host
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{') && line.includes(requestId))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('/api/health through a PostgreSQL outage', () => {
  it('answers 200, then 503 naming the database while it is down, then 200 again', async () => {
    const timeline = new Timeline();
    const up = await health();
    expect(up.status, up.text).toBe(200);
    expect(body(up)).toMatchObject({
      status: 'ok',
      checks: { database: 'ok', schema: 'ok', outbox: 'ok' },
    });
    expect(up.headers.get('cache-control')).toBe('no-store');
    timeline.mark(`GET /api/health ${up.status} in ${up.ms} ms: ${up.text}`);

    await server.shutDown();
    timeline.mark('PostgreSQL shut down fast (connections terminated, port closed)');
    const down = await untilStatus(503, 15_000);
    const failing = down.at(-1)!;
    expect(failing.status, failing.text).toBe(503);
    expect(body(failing).status).toBe('failing');
    expect(String(body(failing).checks.database)).toMatch(/^unreachable/);
    expect(failing.headers.get('retry-after')).toMatch(/^\d+$/);
    for (const answer of down) expect([200, 503]).toContain(answer.status);
    timeline.mark(`GET /api/health ${failing.status} in ${failing.ms} ms: ${failing.text}`);

    // A visitor's form during the outage: what its log line holds and leaves out.
    const form = await request(
      `${host.origin}/api/contact-form?token=tok_visible_in_the_url_0123456789abcdef`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: host.origin },
        body: JSON.stringify({
          name: 'Outage Visitor',
          email: 'outage.visitor@example.com',
          phone: '',
          company: 'Health Test',
          message: 'A message sent while the database was away.',
        }),
      },
    );
    expect(form.status).toBe(503);
    const requestId = form.headers.get('x-nf-request-id') ?? '';
    expect(requestId).not.toBe('');
    const [line, ...more] = logLinesOf(requestId);
    expect(more).toEqual([]);
    expect(line).toMatchObject({
      level: 'error',
      msg: 'Database unavailable',
      requestId,
      function: 'contact-form',
      method: 'POST',
      path: '/api/contact-form',
      status: 503,
      durationMs: expect.any(Number),
    });
    const text = JSON.stringify(line);
    for (const left of ['outage.visitor', 'example.com', 'tok_visible', 'token=', 'A message sent'])
      expect(text).not.toContain(left);
    timeline.mark(`POST /api/contact-form ${form.status}; its log line: ${text}`);

    await server.start();
    timeline.mark('PostgreSQL started again (same port, same data)');
    const back = await untilStatus(200, 20_000);
    const recovered = back.at(-1)!;
    expect(recovered.status, recovered.text).toBe(200);
    expect(body(recovered).status).toBe('ok');
    timeline.mark(
      `GET /api/health ${recovered.status} in ${recovered.ms} ms after ${back.length} tries: ${recovered.text}`,
    );

    expect(host.alive()).toBe(true);
    expect(fatalErrors(host)).toEqual([]);
    console.log(timeline.format('/api/health through an outage'));
  }, 120_000);
});
