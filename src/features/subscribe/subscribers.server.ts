/** The subscribers table: this module is its only reader and writer. */
import type { Db } from '../../server/db/client.ts';
import { subscribers } from '../../server/db/schema.ts';

/** Stores an early-access address once; answers whether this call stored it. */
export async function insertSubscriber(
  db: Db,
  values: { email: string; source: string },
): Promise<boolean> {
  const inserted = await db
    .insert(subscribers)
    .values(values)
    .onConflictDoNothing({ target: subscribers.email })
    .returning({ id: subscribers.id });
  return inserted.length > 0;
}
