import { HttpError } from './responses.ts';

const MAX_JSON_BYTES = 64 * 1024;

const BODY_TOO_LARGE = 'Request body is too large';
const BODY_CUT_OFF = 'The request body ended before it was complete';

// As a stream: a body without (or with a false) Content-Length is never held beyond the limit.
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
    // A visitor who leaves mid-upload resets the socket (ECONNRESET): theirs, not the database's.
    const { done, value } = await reader.read().catch(() => {
      throw new HttpError(400, BODY_CUT_OFF);
    });
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

// No body of ours nests past 4; walking 30,000 nested arrays is free work for an attacker.
export const MAX_JSON_DEPTH = 32;

type Visit = { value: unknown; key: string | null; parent: Visit | null; depth: number };

function pathTo(visit: Visit): string[] {
  const path: string[] = [];
  for (let at: Visit | null = visit; at && at.key !== null; at = at.parent) path.push(at.key);
  return path.reverse();
}

// Iterative (a body nested thousands deep must not overflow the stack) and linear (a child points
// to its parent; no path is copied per level).
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

// Postgres refuses NUL and unpaired surrogates (text and jsonb), so they would surface as a 5xx.
export function unstorableTextAt(value: unknown): string[] | null {
  return walkJson(value, (visit) =>
    (visit.key !== null && !Array.isArray(visit.parent?.value) && isUnstorable(visit.key)) ||
    (typeof visit.value === 'string' && isUnstorable(visit.value))
      ? pathTo(visit)
      : null,
  );
}

function nestedTooDeep(value: unknown, maxDepth = MAX_JSON_DEPTH): boolean {
  return (
    walkJson(value, (visit) =>
      visit.depth >= maxDepth && typeof visit.value === 'object' && visit.value !== null
        ? true
        : null,
    ) !== null
  );
}

export function assertStorableText(value: unknown): void {
  const path = unstorableTextAt(value);
  if (!path) return;
  const field = path.join('.');
  throw new HttpError(
    400,
    `${field ? `${field}: ` : ''}Please remove invisible control characters from the text.`,
  );
}

export function utf8Body(bytes: Uint8Array, message: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new HttpError(400, message);
  }
}

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

export async function parseJson<T>(req: Request, schema: { parse(data: unknown): T }): Promise<T> {
  return schema.parse(await readJson(req));
}
