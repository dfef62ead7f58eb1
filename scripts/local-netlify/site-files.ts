import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { candidateFiles, contentTypeOf, isCompressible } from './netlify-routing.ts';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

export async function findFile(distDir: string, pathname: string): Promise<string | undefined> {
  for (const candidate of candidateFiles(distDir, pathname)) {
    const info = await stat(candidate).catch(() => undefined);
    if (info?.isFile()) return candidate;
  }
  return undefined;
}

export type ServeFile = (
  request: Request,
  file: string,
  custom: Record<string, string>,
  status: number,
) => Promise<Response>;

/** Compressed bodies are kept (by encoding and ETag) for the life of the returned function. */
export function fileServer(): ServeFile {
  const compressed = new Map<string, Buffer>();
  return async function serveFile(request, file, custom, status) {
    const info = await stat(file);
    const type = contentTypeOf(file);
    const etag = `"${createHash('sha1').update(`${file}:${info.size}:${info.mtimeMs}`).digest('hex').slice(0, 20)}"`;
    const headers = new Headers({
      'Content-Type': type,
      // Netlify's default for deploy files: always revalidate (assets get immutable via config.json).
      'Cache-Control': 'public, max-age=0, must-revalidate',
      ETag: etag,
    });
    for (const [k, v] of Object.entries(custom)) headers.set(k, v);
    if (status === 200 && request.headers.get('if-none-match') === etag) {
      return new Response(null, { status: 304, headers });
    }
    let body: Buffer = await readFile(file);
    const accept = request.headers.get('accept-encoding') ?? '';
    if (isCompressible(type) && body.length > 256) {
      const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : undefined;
      if (encoding) {
        const key = `${encoding}:${etag}`;
        let packed = compressed.get(key);
        if (!packed) {
          packed = encoding === 'br' ? await brotli(body) : await gzip(body);
          compressed.set(key, packed);
        }
        body = packed;
        headers.set('Content-Encoding', encoding);
      }
      headers.set('Vary', 'Accept-Encoding');
    }
    headers.set('Content-Length', String(body.length));
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), {
      status,
      headers,
    });
  };
}
