import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client.ts';
import { weeklySums, type WeeklySum } from '../../server/db/weekly.ts';
import { countAll, countWhere, listOf } from '../../server/db/list-query.ts';
import { idsMatching } from '../../server/db/matching.ts';
import { meetingRequests, type MeetingRequest } from '../../server/db/schema.ts';
import { correspondence } from '../../server/privacy/correspondence.ts';
import type { PersonalDataOwner } from '../../server/privacy/personal-data.ts';

export type MeetingStatus = MeetingRequest['status'];
type NewMeetingRequest = typeof meetingRequests.$inferInsert;

export async function insertMeetingRequest(
  db: Db,
  values: NewMeetingRequest,
): Promise<MeetingRequest> {
  const [request] = await db.insert(meetingRequests).values(values).returning();
  if (!request) throw new Error('Storing the meeting request returned no row');
  return request;
}

/** The request, locked until the transaction `tx` ends (answers are serialised per request). */
export async function lockMeetingRequest(tx: Db, id: number): Promise<MeetingRequest | null> {
  const [row] = await tx
    .select()
    .from(meetingRequests)
    .where(eq(meetingRequests.id, id))
    .for('update');
  return row ?? null;
}

export async function updateMeetingRequest(
  tx: Db,
  id: number,
  patch: Pick<NewMeetingRequest, 'status' | 'updatedAt' | 'proposedDate' | 'proposedTime'>,
): Promise<MeetingRequest> {
  const [row] = await tx
    .update(meetingRequests)
    .set(patch)
    .where(eq(meetingRequests.id, id))
    .returning();
  if (!row) throw new Error(`Meeting request ${id} vanished`);
  return row;
}

export const listMeetingRequests = listOf<typeof meetingRequests, MeetingRequest>(meetingRequests);

export async function meetingRequestCounts(
  db: Db,
): Promise<{ total: number; awaitingAnswer: number; confirmed: number }> {
  const [row] = await db
    .select({
      total: countAll,
      awaitingAnswer: countWhere(eq(meetingRequests.status, 'requested')),
      confirmed: countWhere(eq(meetingRequests.status, 'confirmed')),
    })
    .from(meetingRequests);
  return row ?? { total: 0, awaitingAnswer: 0, confirmed: 0 };
}

export function meetingRequestsByWeek(db: Db, since: Date): Promise<WeeklySum[]> {
  return weeklySums(db, meetingRequests, meetingRequests.createdAt, since);
}

export function findMeetingRequestIds(
  db: Db,
  r: Pick<
    MeetingRequest,
    'name' | 'email' | 'meetingType' | 'preferredDate' | 'preferredTime' | 'timezone'
  >,
): Promise<number[]> {
  const { name, email, meetingType, preferredDate, preferredTime, timezone } = r;
  return idsMatching(db, meetingRequests, {
    email,
    name,
    meetingType,
    preferredDate,
    preferredTime,
    timezone,
  });
}

const lastExchange = sql`greatest(${meetingRequests.createdAt}, ${meetingRequests.updatedAt})`;
const requests = correspondence(meetingRequests, 'meeting_requests', lastExchange);

export const meetingAddressesSince = requests.addressesSince;

export const personalData: PersonalDataOwner = requests.personalData;
