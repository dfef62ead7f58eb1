/**
 * Reading a request body: the size limit (read as a stream, never held beyond it), UTF-8, JSON
 * that nests no deeper than MAX_JSON_DEPTH, and the one text rule for everything the API stores
 * (no NUL, no unpaired surrogates). Every refusal is an HttpError: 400, or 413 for a body too
 * large.
 */
import { HttpError } from './responses.ts';

/** Largest JSON body any endpoint accepts; larger bodies are refused before parsing. */
const MAX_JSON_BYTES = 64 * 1024;

const BODY_TOO_LARGE = 'Request body is too large';

/**
 * Reads a body as a stream and stops at `maxBytes`: a body sent without Content-Length (or
 * with a false one) is never held in memory beyond the limit.
 */
export async function readBodyLimited(
  req: Request,
  maxBytes: number,
  tooLarge = BODY_TOO_LARGE,
): Promise<Uint8Array> {
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw new HttpError(413, tooLarge);
  if (!req.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = req.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new HttpError(413, tooLarge);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/**
 * How deep a JSON body may nest. No form or API body of ours goes past 4; a deeper one is
 * refused before any other work, since walking a 60 KB body of 30,000 nested arrays is
 * work an attacker gets for free.
 */
export const MAX_JSON_DEPTH = 32;

type Visit = { value: unknown; key: string | null; parent: Visit | null; depth: number };

/** The keys from the body's root down to `visit` (built only when one is reported). */
function pathTo(visit: Visit): string[] {
  const path: string[] = [];
  for (let at: Visit | null = visit; at && at.key !== null; at = at.parent) path.push(at.key);
  return path.reverse();
}

/**
 * Walks a parsed JSON value once, iteratively (a body nested thousands deep must not overflow
 * the stack) and in linear time (a child points to its parent; no path is copied per level).
 * Calls `check` on every value (with its key, parent and depth); stops at the first non-null
 * answer.
 */
function walkJson<T>(value: unknown, check: (visit: Visit) => T | null): T | null {
  const stack: Visit[] = [{ value, key: null, parent: null, depth: 0 }];
  while (stack.length) {
    const visit = stack.pop()!;
    const found = check(visit);
    if (found !== null) return found;
    const { value: current, depth } = visit;
    if (!current || typeof current !== 'object') continue;
    const entries = Array.isArray(current)
      ? current.map((child, i) => [String(i), child] as const)
      : Object.entries(current);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      stack.push({ value: child, key, parent: visit, depth: depth + 1 });
    }
  }
  return null;
}

function isUnstorable(text: string): boolean {
  return text.includes('\u0000') || !text.isWellFormed();
}

/**
 * The one text rule for everything the API accepts: no NUL characters and no unpaired UTF-16
 * surrogates. Postgres cannot store either (text refuses 0x00, jsonb refuses \u0000 and lone
 * surrogates), so they would otherwise surface as a server error. Answers the first offending
 * field's path, or null.
 */
export function unstorableTextAt(value: unknown): string[] | null {
  return walkJson(value, (visit) =>
    (visit.key !== null && !Array.isArray(visit.parent?.value) && isUnstorable(visit.key)) ||
    (typeof visit.value === 'string' && isUnstorable(visit.value))
      ? pathTo(visit)
      : null,
  );
}

/** Whether a parsed JSON value nests deeper than {@link MAX_JSON_DEPTH}. */
function nestedTooDeep(value: unknown, maxDepth = MAX_JSON_DEPTH): boolean {
  return (
    walkJson(value, (visit) =>
      visit.depth >= maxDepth && typeof visit.value === 'object' && visit.value !== null
        ? true
        : null,
    ) !== null
  );
}

/** 400 naming the field when a value holds text that cannot be stored. */
export function assertStorableText(value: unknown): void {
  const path = unstorableTextAt(value);
  if (!path) return;
  const field = path.join('.');
  throw new HttpError(
    400,
    `${field ? `${field}: ` : ''}Please remove invisible control characters from the text.`,
  );
}

/** A body's bytes as text; anything but valid UTF-8 is a 400 with `message`. */
export function utf8Body(bytes: Uint8Array, message: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new HttpError(400, message);
  }
}

/** Reads a JSON body with a size limit; malformed, oversized or unstorable bodies become 400/413. */
export async function readJson(req: Request, maxBytes = MAX_JSON_BYTES): Promise<unknown> {
  const text = utf8Body(await readBodyLimited(req, maxBytes), 'Request body must be UTF-8 JSON');
  if (!text.trim()) throw new HttpError(400, 'Request body must be JSON');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Request body must be valid JSON');
  }
  if (nestedTooDeep(value)) throw new HttpError(400, 'Request body is nested too deeply');
  assertStorableText(value);
  return value;
}

/** Parses a JSON body with a shared zod schema. */
export async function parseJson<T>(req: Request, schema: { parse(data: unknown): T }): Promise<T> {
  return schema.parse(await readJson(req));
}
