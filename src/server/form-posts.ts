// A browser's own submission (before the island hydrated) would otherwise display the function's
// JSON: it gets a 303 back to the form's page carrying the outcome.
import { nativeFormResultUrl, type FormPages, type NativeFormOutcome } from '../lib/native-form.ts';
import type { Handler } from './handler.ts';
import { assertStorableText, readBodyLimited, readJson, utf8Body } from './request-body.ts';
import { HttpError, withSecurityHeaders } from './responses.ts';

const MAX_FORM_BODY_BYTES = 32 * 1024;

const URL_ENCODED = 'application/x-www-form-urlencoded';

function mediaType(req: Request): string {
  return (req.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
}

export async function readFormBody(req: Request): Promise<unknown> {
  try {
    if (mediaType(req) !== URL_ENCODED) return await readJson(req, MAX_FORM_BODY_BYTES);
    const bytes = await readBodyLimited(req, MAX_FORM_BODY_BYTES);
    const text = utf8Body(bytes, 'Request body must be UTF-8');
    const value = Object.fromEntries(new URLSearchParams(text));
    assertStorableText(value);
    return value;
  } catch (error) {
    if (error instanceof HttpError && error.status === 413) {
      throw new HttpError(400, 'Request body is too large');
    }
    throw error;
  }
}

// Scripts' requests (the island, API clients) keep their JSON answers whatever their body.
function isNativeFormPost(req: Request): boolean {
  if (mediaType(req) !== URL_ENCODED) return false;
  const mode = req.headers.get('sec-fetch-mode');
  if (mode) return mode === 'navigate';
  return (req.headers.get('accept') ?? '').includes('text/html');
}

// The Referer is a hint only.
function returnPath(req: Request, { pages }: FormPages): string {
  const referer = req.headers.get('referer');
  if (referer && URL.canParse(referer)) {
    const from = new URL(referer);
    const path = from.pathname.length > 1 ? from.pathname.replace(/\/$/, '') : from.pathname;
    if (from.host === new URL(req.url).host && pages.includes(path)) return path;
  }
  return pages[0];
}

function outcomeOf(status: number): NativeFormOutcome {
  if (status < 300) return 'sent';
  return status === 400 ? 'invalid' : 'failed';
}

export function answeringNativePosts(form: FormPages, inner: Handler): Handler {
  return async (req, context) => {
    const response = await inner(req, context);
    if (!isNativeFormPost(req) || response.status === 403 || response.status === 405) {
      return response;
    }
    const location = nativeFormResultUrl(
      returnPath(req, form),
      form.form,
      outcomeOf(response.status),
    );
    return new Response(null, {
      status: 303,
      headers: withSecurityHeaders({ Location: location }),
    });
  };
}
