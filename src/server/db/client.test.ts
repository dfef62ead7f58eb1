import { afterAll, describe, expect, it } from 'vitest';
import { useFreshTestDb } from '../../testing/test-db';
import { closeDb } from './client';
import { contactMessages } from './schema';

afterAll(() => closeDb());

describe('database client', () => {
  it('migrates an in-memory database and round-trips a row', async () => {
    const db = await useFreshTestDb();
    const [row] = await db
      .insert(contactMessages)
      .values({ name: 'Ada', email: 'ada@example.com', message: 'Hello there, world' })
      .returning();
    expect(row?.id).toBeGreaterThan(0);
    expect(row?.status).toBe('new');
    expect(await db.$count(contactMessages)).toBe(1);
  });
});
