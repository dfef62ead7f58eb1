/**
 * The maintenance commands beside a local server: the database and the Blobs store it uses,
 * found from the files it leaves in .netlify (as `npm run dev` and `npm run preview` write them),
 * with no variable; and, against production, the variables named.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getStore } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { erasePerson } from '../../src/features/privacy/privacy.server';
import { clients, orders } from '../../src/server/db/schema';
import { saveLogo, type LogoStore } from '../../src/server/uploads/logo';
import { TINY_PNG } from '../../src/testing/images';
import { startDatabaseServer, type DatabaseServer } from '../local-netlify/database-server';
import { chooseDatabase, openChosenSite, UsageError } from './database-choice';
import { PREVIEW_STATE_FILE } from './preview-state';

let database: DatabaseServer;
const roots: string[] = [];

beforeAll(async () => {
  database = await startDatabaseServer();
});

afterAll(async () => {
  await database?.stop();
  await Promise.all(roots.map((r) => rm(r, { recursive: true, force: true })));
});

async function projectRoot(): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'beside-'));
  roots.push(root);
  await mkdir(path.join(root, '.netlify'), { recursive: true });
  return root;
}

/** Opens a Blobs folder as the server that owns it does, runs `use`, and stops. */
async function withBlobs<T>(directory: string, siteID: string, use: (s: LogoStore) => Promise<T>) {
  const token = randomUUID();
  const server = new BlobsServer({ directory, token });
  const { port } = await server.start();
  const edgeURL = `http://127.0.0.1:${port}`;
  try {
    const store = getStore({
      name: 'onboarding-logos',
      edgeURL,
      uncachedEdgeURL: edgeURL,
      token,
      siteID,
      consistency: 'strong',
    }) as unknown as LogoStore;
    return await use(store);
  } finally {
    await server.stop();
  }
}

const logoKeys = (directory: string, siteID: string) =>
  withBlobs(directory, siteID, async (s) => (await s.list({ prefix: 'order-' })).blobs.length);

describe('a maintenance command beside `npm run dev`', () => {
  it('erases a person with their logo in the dev server’s own Blobs, without any variable', async () => {
    const root = await projectRoot();
    await writeFile(
      path.join(root, '.netlify', 'state.json'),
      JSON.stringify({ dbConnectionString: database.url }),
    );
    const env: NodeJS.ProcessEnv = {};
    const site = await openChosenSite(env, root);
    try {
      expect(site.source).toBe('the running dev server (.netlify/state.json)');
      expect(env.NOVAREACH_LOCAL_RUN).toBe('astro-dev');
      expect(typeof site.logos).not.toBe('string');
      const [client] = await site.db
        .insert(clients)
        .values({ email: 'ada@example.com', name: 'Ada' })
        .returning();
      const [order] = await site.db
        .insert(orders)
        .values({
          orderNumber: 'NR-DEV-1',
          checkoutSessionId: 'cs_dev_1',
          clientId: client!.id,
          productId: 'starter',
          productName: 'Starter',
          amount: 100,
          stripePaymentIntentId: 'pi_dev_1',
          customerEmail: 'ada@example.com',
          customerName: 'Ada',
          items: '[]',
        })
        .returning();
      // Uploaded through the dev server: its runtime's Blobs folder, site id "0" (no linked site).
      const blobs = path.join(root, '.netlify', 'blobs-serve');
      await withBlobs(blobs, '0', (s) =>
        saveLogo(s, { orderId: order!.id, clientId: client!.id, bytes: TINY_PNG }),
      );
      expect(await logoKeys(blobs, '0')).toBe(1);

      const result = await erasePerson(site.db, 'ada@example.com', {
        logoStore: site.logos as LogoStore,
        leave: ['stripe_customers', 'crm'],
      });
      expect(result.counts.logos).toBe(1);
      expect(await logoKeys(blobs, '0')).toBe(0);
    } finally {
      await site.close();
    }
  });
});

describe('a maintenance command beside `npm run preview`', () => {
  it('finds the preview’s database and its kept Blobs folder from .netlify/preview-state.json', async () => {
    const root = await projectRoot();
    const blobs = path.join(root, '.netlify', 'preview-blobs');
    await writeFile(
      path.join(root, PREVIEW_STATE_FILE),
      JSON.stringify({ dbConnectionString: database.url, blobsDirectory: blobs, pid: 1 }),
    );
    await withBlobs(blobs, 'local', (s) =>
      saveLogo(s, { orderId: 7, clientId: null, bytes: TINY_PNG }),
    );
    const env: NodeJS.ProcessEnv = {};
    const site = await openChosenSite(env, root);
    try {
      expect(site.source).toBe(`the running preview (${PREVIEW_STATE_FILE})`);
      expect(env.NOVAREACH_LOCAL_RUN).toBe('preview');
      const logos = site.logos as LogoStore;
      expect((await logos.list({ prefix: 'order-7/' })).blobs).toHaveLength(1);
    } finally {
      await site.close();
    }
  });

  it('refuses to guess when both servers run', async () => {
    const root = await projectRoot();
    await writeFile(
      path.join(root, '.netlify', 'state.json'),
      JSON.stringify({ dbConnectionString: database.url }),
    );
    await writeFile(
      path.join(root, PREVIEW_STATE_FILE),
      JSON.stringify({ dbConnectionString: database.url, blobsDirectory: root, pid: 1 }),
    );
    await expect(chooseDatabase({}, root)).rejects.toThrow(
      /Both the running dev server .* and the running preview/,
    );
  });
});

describe('a maintenance command against production', () => {
  it('names the variables for the database', async () => {
    const root = await projectRoot();
    const error = await chooseDatabase({}, root).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toMatch(/DATABASE_URL \(or NETLIFY_DB_URL\)/);
  });

  it('names the variables for the logos when only the database is given', async () => {
    const root = await projectRoot();
    const site = await openChosenSite({ DATABASE_URL: database.url }, root);
    try {
      expect(site.source).toBe('DATABASE_URL');
      expect(site.logos).toMatch(/NETLIFY_SITE_ID .* and NETLIFY_AUTH_TOKEN/);
    } finally {
      await site.close();
    }
  });
});
