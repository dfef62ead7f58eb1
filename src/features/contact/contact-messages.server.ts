import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client.ts';
import { listOf } from '../../server/db/list-query.ts';
import { idsMatching } from '../../server/db/matching.ts';
import { contactMessages, type ContactMessage } from '../../server/db/schema.ts';
import { talliesOf } from '../../server/db/tallies.ts';
import { weeklySums, type WeeklySum } from '../../server/db/weekly.ts';
import { correspondence } from '../../server/privacy/correspondence.ts';
import type { PersonalDataOwner } from '../../server/privacy/personal-data.ts';

export async function insertContactMessage(
  db: Db,
  values: typeof contactMessages.$inferInsert,
): Promise<ContactMessage> {
  const [message] = await db.insert(contactMessages).values(values).returning();
  if (!message) throw new Error('Storing the contact message returned no row');
  return message;
}

export type ContactStatus = ContactMessage['status'];

export const listContactMessages = listOf<typeof contactMessages, ContactMessage>(contactMessages);

export async function setContactMessageStatus(
  db: Db,
  id: number,
  status: ContactStatus,
  now = new Date(),
): Promise<ContactMessage | null> {
  const [row] = await db
    .update(contactMessages)
    .set({ status, handledAt: status === 'handled' ? now : null })
    .where(eq(contactMessages.id, id))
    .returning();
  return row ?? null;
}

export async function contactMessageCounts(db: Db): Promise<{ total: number; new: number }> {
  // The database keeps the count per status (src/server/db/tallies.ts).
  const tallies = await talliesOf(db, 'contact_messages');
  return {
    total: tallies.reduce((sum, t) => sum + t.rows, 0),
    new: tallies.find((t) => t.bucket === 'new')?.rows ?? 0,
  };
}

export function contactMessagesByWeek(db: Db, since: Date): Promise<WeeklySum[]> {
  return weeklySums(db, contactMessages, contactMessages.createdAt, since);
}

export function findContactMessageIds(
  db: Db,
  m: Pick<ContactMessage, 'name' | 'email' | 'message'>,
): Promise<number[]> {
  return idsMatching(db, contactMessages, { email: m.email, name: m.name, message: m.message });
}

const lastExchange = sql`greatest(${contactMessages.createdAt}, ${contactMessages.handledAt})`;
const messages = correspondence(contactMessages, 'contact_messages', lastExchange);

export const contactAddressesSince = messages.addressesSince;

export const personalData: PersonalDataOwner = messages.personalData;
