// A file over Netlify's 20 MB limit on a streamed response arrives whole: each part is downloaded
// on its own.
export const EXPORT_STORE_NAME = 'admin-exports';

export interface ExportStore {
  set(key: string, data: string): Promise<unknown>;
  setJSON(key: string, data: unknown): Promise<unknown>;
  get(key: string, options: { type: 'json' }): Promise<unknown>;
  get(key: string, options: { type: 'stream' }): Promise<ReadableStream<Uint8Array> | null>;
  list(options: { prefix: string }): Promise<{ blobs: { key: string }[] }>;
  delete(key: string): Promise<void>;
}

export function memoryExportStore(): ExportStore & { keys(): string[] } {
  const blobs = new Map<string, string>();
  const get = async (key: string, { type }: { type: 'json' | 'stream' }) => {
    const text = blobs.get(key);
    if (text === undefined) return null;
    if (type === 'json') return JSON.parse(text) as unknown;
    return new Blob([text]).stream();
  };
  return {
    keys: () => [...blobs.keys()],
    async set(key, data) {
      blobs.set(key, data);
    },
    async setJSON(key, data) {
      blobs.set(key, JSON.stringify(data));
    },
    get: get as ExportStore['get'],
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

const GLOBAL_KEY = Symbol.for('agency.exportStore');
type WithStore = typeof globalThis & { [GLOBAL_KEY]?: ExportStore };

export function setExportStore(store: ExportStore | undefined): void {
  if (store) (globalThis as WithStore)[GLOBAL_KEY] = store;
  else delete (globalThis as WithStore)[GLOBAL_KEY];
}

export async function getExportStore(): Promise<ExportStore> {
  const injected = (globalThis as WithStore)[GLOBAL_KEY];
  if (injected) return injected;
  const { getStore } = await import('@netlify/blobs');
  return getStore({ name: EXPORT_STORE_NAME, consistency: 'strong' }) as unknown as ExportStore;
}
