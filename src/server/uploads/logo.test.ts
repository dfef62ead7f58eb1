import { describe, expect, it } from 'vitest';
import { HttpError } from '../responses.ts';
import { TINY_PNG } from '../../testing/images.ts';
import { rawPost } from '../../testing/requests.ts';
import {
  loadLogo,
  LOGO_QUOTA_ERROR,
  MAX_LOGO_BYTES,
  MAX_LOGOS_PER_ORDER,
  getLogoStore,
  memoryLogoStore,
  readLimitedBody,
  saveLogo,
  sniffImageType,
} from './logo.ts';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const WEBP = new Uint8Array([
  0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50,
]);
const SVG = new TextEncoder().encode(
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
);
const GIF = new TextEncoder().encode('GIF89a....');

describe('sniffImageType', () => {
  it('recognises PNG, JPEG and WebP by their magic bytes', () => {
    expect(sniffImageType(PNG)).toBe('image/png');
    expect(sniffImageType(JPEG)).toBe('image/jpeg');
    expect(sniffImageType(WEBP)).toBe('image/webp');
  });

  it('refuses SVG, GIF, HTML and empty files', () => {
    expect(sniffImageType(SVG)).toBeNull();
    expect(sniffImageType(GIF)).toBeNull();
    expect(sniffImageType(new TextEncoder().encode('<html>'))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });
});

describe('readLimitedBody', () => {
  it('reads a body within the limit', async () => {
    const body = await readLimitedBody(new Request('http://x', { method: 'POST', body: PNG }));
    expect(body).toEqual(PNG);
  });

  it('refuses a body over 2 MB even when no length is declared', async () => {
    const big = new Uint8Array(MAX_LOGO_BYTES + 1);
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(big);
        controller.close();
      },
    });
    const req = rawPost('http://x', {}, stream);
    const error = await readLimitedBody(req).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(413);
  });
});

describe('saveLogo / loadLogo', () => {
  it('stores a logo under its order and serves it back', async () => {
    const store = memoryLogoStore();
    const { key, contentType } = await saveLogo(store, {
      orderId: 4,
      clientId: 2,
      bytes: TINY_PNG,
    });
    expect(contentType).toBe('image/png');
    expect(key).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(await loadLogo(store, 4, key)).toEqual({ bytes: TINY_PNG, contentType: 'image/png' });
    expect(await loadLogo(store, 5, key)).toBeNull();
    expect(await loadLogo(store, 4, '../../etc')).toBeNull();
  });

  it('serves the stored bytes with the type recorded at upload, without decoding them again', async () => {
    const store = memoryLogoStore();
    const bytes = new TextEncoder().encode('not decoded on a view');
    await store.set('order-7/AAAAAAAAAAAA', bytes.buffer as ArrayBuffer, {
      metadata: { orderId: 7, clientId: 1, contentType: 'image/webp', size: bytes.length },
    });
    expect(await loadLogo(store, 7, 'AAAAAAAAAAAA')).toEqual({ bytes, contentType: 'image/webp' });
    await store.set('order-7/BBBBBBBBBBBB', bytes.buffer as ArrayBuffer, {
      metadata: { orderId: 7, clientId: 1, contentType: 'text/html', size: bytes.length } as never,
    });
    expect(await loadLogo(store, 7, 'BBBBBBBBBBBB')).toBeNull();
  });

  it('refuses SVG and other non-images with 415, and empty files with 400', async () => {
    const store = memoryLogoStore();
    await expect(saveLogo(store, { orderId: 1, clientId: 1, bytes: SVG })).rejects.toMatchObject({
      status: 415,
    });
    await expect(
      saveLogo(store, { orderId: 1, clientId: 1, bytes: new Uint8Array() }),
    ).rejects.toMatchObject({
      status: 400,
    });
  });

  it('refuses a file that only starts like an image (before: the magic bytes were enough)', async () => {
    const store = memoryLogoStore();
    for (const bytes of [PNG, JPEG, WEBP]) {
      await expect(saveLogo(store, { orderId: 1, clientId: 1, bytes })).rejects.toMatchObject({
        status: 415,
      });
    }
  });

  it(`keeps at most ${MAX_LOGOS_PER_ORDER} logos per order, with a 409 beyond`, async () => {
    const store = memoryLogoStore();
    for (let i = 0; i < MAX_LOGOS_PER_ORDER; i++)
      await saveLogo(store, { orderId: 9, clientId: 1, bytes: TINY_PNG });
    await expect(
      saveLogo(store, { orderId: 9, clientId: 1, bytes: TINY_PNG }),
    ).rejects.toMatchObject({ status: 409, message: LOGO_QUOTA_ERROR });
    // Another order has its own quota, and a burst of uploads at once cannot pass it.
    const burst = await Promise.allSettled(
      Array.from({ length: 3 * MAX_LOGOS_PER_ORDER }, () =>
        saveLogo(store, { orderId: 11, clientId: 1, bytes: TINY_PNG }),
      ),
    );
    expect(burst.filter((r) => r.status === 'fulfilled')).toHaveLength(MAX_LOGOS_PER_ORDER);
    expect(burst.filter((r) => r.status === 'rejected').map((r) => r.reason.status)).toEqual(
      Array(2 * MAX_LOGOS_PER_ORDER).fill(409),
    );
    await expect(
      saveLogo(store, { orderId: 10, clientId: 1, bytes: TINY_PNG }),
    ).resolves.toMatchObject({ contentType: 'image/png' });
  });
});

describe('the logo store of a deploy preview', () => {
  it("is the preview deploy's own: production's logos are out of its reach, and its own out of production's", async () => {
    const { BlobsServer } = await import('@netlify/blobs/server');
    const { mkdtemp, rm } = await import('node:fs/promises');
    const os = await import('node:os');
    const path = await import('node:path');
    const directory = await mkdtemp(path.join(os.tmpdir(), 'logo-contexts-'));
    const server = new BlobsServer({ directory, token: 'test-token' });
    const { port } = await server.start();
    const edgeURL = `http://127.0.0.1:${port}`;
    const previous = process.env.NETLIFY_BLOBS_CONTEXT;
    process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(
      JSON.stringify({
        edgeURL,
        uncachedEdgeURL: edgeURL,
        token: 'test-token',
        siteID: 'site',
        deployID: 'deploy1',
        primaryRegion: 'us-east-2',
      }),
    ).toString('base64');
    try {
      const production = await getLogoStore('production');
      await saveLogo(production, { orderId: 1, clientId: 1, bytes: TINY_PNG });
      const preview = await getLogoStore('deploy-preview');
      expect((await preview.list({ prefix: 'order-1/' })).blobs).toEqual([]);
      await saveLogo(preview, { orderId: 2, clientId: null, bytes: TINY_PNG });
      expect((await production.list({ prefix: 'order-2/' })).blobs).toEqual([]);
      expect(
        (await (await getLogoStore('branch-deploy')).list({ prefix: 'order-' })).blobs,
      ).toHaveLength(1);
      expect((await (await getLogoStore('dev')).list({ prefix: 'order-' })).blobs).toHaveLength(1);
    } finally {
      if (previous === undefined) delete process.env.NETLIFY_BLOBS_CONTEXT;
      else process.env.NETLIFY_BLOBS_CONTEXT = previous;
      await server.stop();
      await rm(directory, { recursive: true, force: true });
    }
  });
});
