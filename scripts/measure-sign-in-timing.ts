// Does a sign-in's reply time tell who has an account? Pairs alternate in order, each request
// from its own visitor address and each account used once, so no limit or slowdown interferes.
import { performance } from 'node:perf_hooks';

// A local run (the development secret, Demo-Mode CRM, no SMTP), as under Vitest.
process.env.VITEST ??= 'true';
delete process.env.SMTP_URL;

const args = process.argv.slice(2);
const admin = args.includes('--admin');
const pairs = Number(args.find((a) => /^\d+$/.test(a)) ?? 30);
const { closeDb } = await import('../src/server/db/client.ts');
const { useFreshTestDb } = await import('../src/testing/test-db.ts');
const { clients } = await import('../src/server/db/schema.ts');
const { adminRequest, seedAdmin } = await import('../src/testing/admin-seed.ts');
const { default: magicRequest } = await import('../netlify/functions/magic-link-request.mts');
const { default: adminLogin } = await import('../netlify/functions/admin-login.mts');

const db = await useFreshTestDb();
const stamp = Date.now();

let visitor = 0;
/** One request from a new visitor address: its reply time, background work awaited after. */
async function timed(
  fn: (req: Request, context: object) => Promise<Response> | Response,
  req: Request,
  expected: number,
): Promise<number> {
  visitor += 1;
  const ip = `198.51.${visitor >> 8}.${visitor & 255}`;
  const background: Promise<unknown>[] = [];
  const start = performance.now();
  const res = await fn(req, { ip, waitUntil: (p: Promise<unknown>) => background.push(p) });
  await res.text();
  const ms = performance.now() - start;
  if (res.status !== expected) throw new Error(`${req.url}: ${res.status}`);
  await Promise.allSettled(background);
  return ms;
}

const magicLink = (email: string) =>
  timed(
    magicRequest,
    new Request('http://localhost/api/auth/magic-link', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email }),
    }),
    200,
  );

const adminSignIn = (username: string) =>
  timed(
    adminLogin,
    adminRequest('POST', '/api/admin/login', {
      body: { username, password: 'not the password at all' },
    }),
    401,
  );

/** The known and the unknown account of pair `i` (one more, `pairs`, warms up). */
async function accounts(): Promise<{ known: string[]; unknown: string[] }> {
  const unknownOf = (i: number) => `nobody${i}-${stamp}`;
  if (admin) {
    const known: string[] = [];
    for (let i = 0; i <= pairs; i++)
      known.push((await seedAdmin(db, `timing${i}-${stamp}`)).username);
    return { known, unknown: known.map((_, i) => unknownOf(i)) };
  }
  const rows = await db
    .insert(clients)
    .values(
      Array.from({ length: pairs + 1 }, (_, i) => ({
        email: `client${i}-${stamp}@example.com`,
        name: 'Timing Client',
        emailVerifiedAt: new Date(),
      })),
    )
    .returning({ email: clients.email });
  return {
    known: rows.map((r) => r.email),
    unknown: rows.map((_, i) => `${unknownOf(i)}@example.com`),
  };
}

const probe = admin ? adminSignIn : magicLink;
const { known, unknown } = await accounts();

// One warm-up pair: module loading and the first queries are not what is measured.
await probe(known[pairs]!);
await probe(unknown[pairs]!);

const knownMs: number[] = [];
const unknownMs: number[] = [];
let knownSlower = 0;
for (let i = 0; i < pairs; i++) {
  let k: number;
  let u: number;
  if (i % 2 === 0) {
    k = await probe(known[i]!);
    u = await probe(unknown[i]!);
  } else {
    u = await probe(unknown[i]!);
    k = await probe(known[i]!);
  }
  knownMs.push(k);
  unknownMs.push(u);
  if (k > u) knownSlower += 1;
}
await closeDb();

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const kind = admin ? 'admin' : 'client';
console.log(
  JSON.stringify(
    {
      pairs,
      [`${kind}MedianMs`]: Number(median(knownMs).toFixed(2)),
      unknownMedianMs: Number(median(unknownMs).toFixed(2)),
      [`${kind}SlowerShare`]: Number((knownSlower / pairs).toFixed(2)),
    },
    null,
    2,
  ),
);
