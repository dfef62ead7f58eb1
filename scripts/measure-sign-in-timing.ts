/**
 * Does the time of POST /api/auth/magic-link tell who is a client? Times the function in
 * process (PGlite, as the unit tests run it) for pairs of requests: one for a client's address,
 * one for an unknown address, in alternating order, each from its own visitor address and
 * each client's address used once (so no limit interferes). Work the function leaves behind
 * (`context.waitUntil`) is awaited between pairs, outside the measured time, as on Netlify
 * where it runs after the reply.
 *
 *   npx tsx scripts/measure-sign-in-timing.ts [pairs=30]
 *
 * Prints the median reply time for each kind and the share of pairs in which the client's
 * address was answered more slowly.
 */
import { performance } from 'node:perf_hooks';

// A local run (the development secret, Demo-Mode CRM, no SMTP), as under Vitest.
process.env.VITEST ??= 'true';
delete process.env.SMTP_URL;

const pairs = Number(process.argv[2] ?? 30);
const { closeDb } = await import('../src/server/db/client.ts');
const { useFreshTestDb } = await import('../src/testing/test-db.ts');
const { clients } = await import('../src/server/db/schema.ts');
const { default: magicRequest } = await import('../netlify/functions/magic-link-request.mts');

const db = await useFreshTestDb();
const stamp = Date.now();
const known = await db
  .insert(clients)
  .values(
    Array.from({ length: pairs + 1 }, (_, i) => ({
      email: `client${i}-${stamp}@example.com`,
      name: 'Timing Client',
      emailVerifiedAt: new Date(),
    })),
  )
  .returning({ email: clients.email });

let visitor = 0;
async function timed(email: string): Promise<number> {
  visitor += 1;
  const ip = `198.51.${visitor >> 8}.${visitor & 255}`;
  const background: Promise<unknown>[] = [];
  const req = new Request('http://localhost/api/auth/magic-link', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'x-nf-client-connection-ip': ip },
    body: JSON.stringify({ email }),
  });
  const start = performance.now();
  const res = await magicRequest(req, {
    ip,
    waitUntil: (p: Promise<unknown>) => background.push(p),
  });
  await res.text();
  const ms = performance.now() - start;
  if (res.status !== 200) throw new Error(`${email}: ${res.status}`);
  await Promise.allSettled(background);
  return ms;
}

// One warm-up pair: module loading and the first queries are not what is measured.
await timed(known[pairs]!.email);
await timed(`warm-${stamp}@example.com`);

const clientMs: number[] = [];
const unknownMs: number[] = [];
let clientSlower = 0;
for (let i = 0; i < pairs; i++) {
  const clientAddress = known[i]!.email;
  const unknownAddress = `nobody${i}-${stamp}@example.com`;
  let c: number;
  let u: number;
  if (i % 2 === 0) {
    c = await timed(clientAddress);
    u = await timed(unknownAddress);
  } else {
    u = await timed(unknownAddress);
    c = await timed(clientAddress);
  }
  clientMs.push(c);
  unknownMs.push(u);
  if (c > u) clientSlower += 1;
}
await closeDb();

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
console.log(
  JSON.stringify(
    {
      pairs,
      clientMedianMs: Number(median(clientMs).toFixed(2)),
      unknownMedianMs: Number(median(unknownMs).toFixed(2)),
      clientSlowerShare: Number((clientSlower / pairs).toFixed(2)),
    },
    null,
    2,
  ),
);
