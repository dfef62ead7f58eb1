/**
 * "Never a 5xx": property-based fuzzing of EVERY function in netlify/functions.
 *
 * The directory is read at test time; each module is imported and its `config.path` (one or
 * several patterns) and `config.method` decide what is fuzzed, so a new function is covered
 * without touching this file (its valid payloads go in fuzz/routes.ts). Modules without a path
 * (scheduled or background functions such as outbox-deliver.mts) cannot be requested over HTTP
 * and are skipped; the skip list is printed.
 *
 * Each route pattern gets one fast-check property: bad requests (wrong methods, random and
 * malformed JSON, NUL bytes and lone UTF-16 surrogates in every field of a valid-looking
 * payload, huge / negative / fractional numbers, unparsable Origin headers, malformed
 * %-escapes and out-of-range ids in path params, junk query strings and cookies, bodies
 * streamed past the size limit without Content-Length, signed Stripe events with null or junk
 * objects, ...) go through the real handler and the in-process PGlite database. Half of the
 * requests carry valid client and admin sessions, so the fuzz reaches past authentication.
 *
 * Every answer must be a 2xx/3xx (input legitimately accepted) or a 4xx whose JSON body has a
 * string `error`; never a 5xx, a thrown exception, or a hang (each call has a time limit).
 *
 * Knobs (environment): FUZZ_SEED (base seed, default in fuzz/run.ts; each route derives its
 * own seed from it and prints it on failure), FUZZ_RUNS (random requests per route, default 200,
 * on top of the deterministic examples), FUZZ_SURVEY=1 (do not stop at the first failure of a
 * route: send every request, then list every violation grouped by cause), FUZZ_LOG=file (append
 * every request and its status to that file as JSON lines).
 * A table of requests per route and status class is printed at the end.
 *
 * The routes are fuzzed in two files (this one and fuzz-2.test.mts, every other route each), so
 * the two Vitest workers share them. This file only wires the two halves into vitest: the engine in fuzz/ and fuzz/routes.ts (valid
 * bodies, params and query values per route: the file to edit when an endpoint is added). The
 * engine, one file per role, each depending only on those before it:
 * - discovery.ts: the functions on disk (`ENDPOINTS`, `SKIPPED`);
 * - fixtures.ts: simulated services and a seeded database (`setUpFixtures`);
 * - cases.ts: a request as data (`Case`) and what the engine asks routes.ts (`Routes`);
 * - nasty-values.ts, bodies.ts, arbitraries.ts: hostile values, bodies and whole requests;
 *   examples.ts: the deterministic requests every run sends first;
 * - request.ts: a `Case` made into a real `Request`;
 * - run.ts: sending, judging, stats and the report (`fuzzRoute`, `tearDown`);
 * - suite.ts: the tests of one file's share of the routes (`describeFuzz`).
 */
import { describeFuzz } from './fuzz/suite.ts';

describeFuzz({ share: 0, of: 2 });
