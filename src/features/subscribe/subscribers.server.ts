import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client.ts';
import { subscribers } from '../../server/db/schema.ts';
import {
  deleteRows,
  exported,
  type PersonalDataOwner,
} from '../../server/privacy/personal-data.ts';

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

const ofPerson = (person: { email: string }) => sql`lower(${subscribers.email}) = ${person.email}`;

export const personalData: PersonalDataOwner = {
  async holds(db, person) {
    const rows = await db.select().from(subscribers).where(ofPerson(person));
    return { subscribers: rows.map((r) => exported(r)) };
  },
  async erase(db, person) {
    return { subscribers: await deleteRows(db, subscribers, ofPerson(person)) };
  },
  // Kept until the person asks us to remove it: the sign-up is their request to hear from us
  // at launch, and no retention rule ends it.
  async purge() {
    return {};
  },
};
