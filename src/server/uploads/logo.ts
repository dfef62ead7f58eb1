// The type is decided by the file itself, never its name or Content-Type; SVG is refused because it
// can carry script.
import { randomBytes } from 'node:crypto';
import { platformDeployContext } from '../deploy-context.ts';
import { readBodyLimited } from '../request-body.ts';
import { HttpError } from '../responses.ts';
import { inspectImage } from './image-check.ts';

export const MAX_LOGO_BYTES = 2 * 1024 * 1024;
const LOGO_STORE_NAME = 'onboarding-logos';

type LogoType = 'image/png' | 'image/jpeg' | 'image/webp';

const LOGO_TYPE_ERROR = 'Please upload a PNG, JPEG or WebP image.';
const LOGO_SIZE_ERROR = 'The logo must be 2 MB or smaller.';
// A few tries at the right logo; the store is not a free file host.
export const MAX_LOGOS_PER_ORDER = 10;
export const LOGO_QUOTA_ERROR = `This order already has ${MAX_LOGOS_PER_ORDER} uploaded logos, the most it can hold. Please write to us if you need to change it.`;

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  signature.every((b, i) => bytes[offset + i] === b);

export function sniffImageType(bytes: Uint8Array): LogoType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  // RIFF....WEBP
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return 'image/webp';
  return null;
}

export function readLimitedBody(req: Request, max = MAX_LOGO_BYTES): Promise<Uint8Array> {
  return readBodyLimited(req, max, LOGO_SIZE_ERROR);
}

type LogoMetadata = {
  orderId: number;
  clientId: number | null;
  contentType: LogoType;
  size: number;
};

export interface LogoStore {
  set(
    key: string,
    data: ArrayBuffer | string,
    options: { metadata?: LogoMetadata; onlyIfNew?: boolean },
  ): Promise<{ modified?: boolean } | void>;
  getWithMetadata(
    key: string,
    options: { type: 'arrayBuffer' },
  ): Promise<{ data: ArrayBuffer; metadata: Record<string, unknown> } | null>;
  list(options: { prefix: string }): Promise<{ blobs: { key: string }[] }>;
  delete(key: string): Promise<void>;
}

export function memoryLogoStore(): LogoStore {
  const blobs = new Map<
    string,
    { data: ArrayBuffer | string; metadata?: LogoMetadata | undefined }
  >();
  return {
    async set(key, data, { metadata, onlyIfNew }) {
      if (onlyIfNew && blobs.has(key)) return { modified: false };
      blobs.set(key, { data: typeof data === 'string' ? data : data.slice(0), metadata });
      return { modified: true };
    },
    async getWithMetadata(key) {
      const blob = blobs.get(key);
      if (!blob || typeof blob.data === 'string') return null;
      return { data: blob.data.slice(0), metadata: { ...blob.metadata } };
    },
    async list({ prefix }) {
      return {
        blobs: [...blobs.keys()].filter((k) => k.startsWith(prefix)).map((key) => ({ key })),
      };
    },
    async delete(key) {
      blobs.delete(key);
    },
  };
}

const GLOBAL_KEY = Symbol.for('agency.logoStore');
type WithStore = typeof globalThis & { [GLOBAL_KEY]?: LogoStore };

export function setLogoStore(store: LogoStore | undefined): void {
  if (store) (globalThis as WithStore)[GLOBAL_KEY] = store;
  else delete (globalThis as WithStore)[GLOBAL_KEY];
}

// The site-wide store is production's, and a preview's database restarts the order ids its keys
// are made of (scripts/preview-data.ts).
const OWN_STORE_CONTEXTS: readonly string[] = ['deploy-preview', 'branch-deploy'];

export async function getLogoStore(
  deployContext: string | undefined = platformDeployContext(),
): Promise<LogoStore> {
  const injected = (globalThis as WithStore)[GLOBAL_KEY];
  if (injected) return injected;
  const { getDeployStore, getStore } = await import('@netlify/blobs');
  if (deployContext && OWN_STORE_CONTEXTS.includes(deployContext))
    return getDeployStore({ name: LOGO_STORE_NAME, consistency: 'strong' }) as unknown as LogoStore;
  return getStore({ name: LOGO_STORE_NAME, consistency: 'strong' }) as unknown as LogoStore;
}

export async function remoteLogoStore(siteID: string, token: string): Promise<LogoStore> {
  const { getStore } = await import('@netlify/blobs');
  return getStore({
    name: LOGO_STORE_NAME,
    siteID,
    token,
    consistency: 'strong',
  }) as unknown as LogoStore;
}

const orderPrefix = (orderId: number) => `order-${orderId}/`;
const blobKey = (orderId: number, key: string) => `${orderPrefix(orderId)}${key}`;
const slotKey = (orderId: number, slot: number) => `slots/order-${orderId}/${slot}`;

// A create-only write succeeds for exactly one of any number of concurrent uploads, so the quota
// holds under a burst.
async function claimSlot(store: LogoStore, orderId: number, key: string): Promise<boolean> {
  for (let slot = 0; slot < MAX_LOGOS_PER_ORDER; slot++) {
    const written = await store.set(slotKey(orderId, slot), key, { onlyIfNew: true });
    if (written?.modified !== false) return true;
  }
  return false;
}

export async function saveLogo(
  store: LogoStore,
  input: { orderId: number; clientId: number | null; bytes: Uint8Array },
): Promise<{ key: string; contentType: LogoType }> {
  if (input.bytes.byteLength === 0)
    throw new HttpError(400, 'Please choose a logo file to upload.');
  if (input.bytes.byteLength > MAX_LOGO_BYTES) throw new HttpError(413, LOGO_SIZE_ERROR);
  const image = await inspectImage(input.bytes);
  if (!image) throw new HttpError(415, LOGO_TYPE_ERROR);
  const contentType = image.type;
  // Logos stored before the slots existed count too.
  const { blobs } = await store.list({ prefix: orderPrefix(input.orderId) });
  if (blobs.length >= MAX_LOGOS_PER_ORDER) throw new HttpError(409, LOGO_QUOTA_ERROR);
  const key = randomBytes(18).toString('base64url');
  if (!(await claimSlot(store, input.orderId, key))) throw new HttpError(409, LOGO_QUOTA_ERROR);
  const data = input.bytes.buffer.slice(
    input.bytes.byteOffset,
    input.bytes.byteOffset + input.bytes.byteLength,
  ) as ArrayBuffer;
  await store.set(blobKey(input.orderId, key), data, {
    metadata: {
      orderId: input.orderId,
      clientId: input.clientId,
      contentType,
      size: input.bytes.byteLength,
    },
  });
  return { key, contentType };
}

const LOGO_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/webp'];

// Never inflated again on a view; only an image type is ever served.
export async function loadLogo(
  store: LogoStore,
  orderId: number,
  key: string,
): Promise<{ bytes: Uint8Array; contentType: LogoType } | null> {
  if (!/^[A-Za-z0-9_-]{8,64}$/.test(key)) return null;
  const blob = await store.getWithMetadata(blobKey(orderId, key), { type: 'arrayBuffer' });
  if (!blob || Number(blob.metadata.orderId) !== orderId) return null;
  const contentType = blob.metadata.contentType;
  if (typeof contentType !== 'string' || !LOGO_TYPES.includes(contentType)) return null;
  return { bytes: new Uint8Array(blob.data), contentType: contentType as LogoType };
}

export function logoResponseHeaders(contentType: LogoType, size: number): Record<string, string> {
  return {
    'Content-Type': contentType,
    'Content-Length': String(size),
    'Content-Disposition': 'inline; filename="logo"',
    'Content-Security-Policy': "default-src 'none'; img-src 'self'; style-src 'none'; sandbox",
    'Cache-Control': 'private, max-age=3600',
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
}

export type StoredLogo = { orderId: number; key: string; contentType: string; size: number };

export async function logosOf(store: LogoStore, orderIds: number[]): Promise<StoredLogo[]> {
  const found: StoredLogo[] = [];
  for (const orderId of orderIds) {
    const { blobs } = await store.list({ prefix: orderPrefix(orderId) });
    for (const { key } of blobs) {
      const blob = await store.getWithMetadata(key, { type: 'arrayBuffer' });
      found.push({
        orderId,
        key: key.slice(orderPrefix(orderId).length),
        contentType: String(blob?.metadata.contentType ?? ''),
        size: Number(blob?.metadata.size ?? blob?.data.byteLength ?? 0),
      });
    }
  }
  return found;
}

export async function ordersWithLogos(store: LogoStore): Promise<number[]> {
  const { blobs } = await store.list({ prefix: 'order-' });
  const ids = blobs.map(({ key }) => Number(/^order-(\d+)\//.exec(key)?.[1]));
  return [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0))];
}

export async function removeLogosOf(store: LogoStore, orderId: number): Promise<number> {
  const [{ blobs: logos }, { blobs: slots }] = await Promise.all([
    store.list({ prefix: orderPrefix(orderId) }),
    store.list({ prefix: `slots/${orderPrefix(orderId)}` }),
  ]);
  for (const { key } of [...logos, ...slots]) await store.delete(key);
  return logos.length;
}
