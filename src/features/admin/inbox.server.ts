/** Leads as the admin sees them: contact messages (mark handled) and meeting requests. */
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client.ts';
import { contactMessages, meetingRequests } from '../../server/db/schema.ts';
import { HttpError } from '../../server/http.ts';
import { meetingTypeOf, timezoneOf } from '../meeting/meeting.ts';
import type { CsvColumn, ListQuery } from './admin.ts';
import { countAll, createdWithin, searchCondition, type Window } from './list.server.ts';

export type AdminContactMessage = {
  id: number;
  createdAt: string;
  name: string;
  email: string;
  phone: string;
  company: string;
  message: string;
  formType: string;
  status: 'new' | 'handled';
  handledAt: string | null;
};

const contactView = (r: typeof contactMessages.$inferSelect): AdminContactMessage => ({
  id: r.id,
  createdAt: r.createdAt.toISOString(),
  name: r.name,
  email: r.email,
  phone: r.phone,
  company: r.company,
  message: r.message,
  formType: r.formType,
  status: r.status,
  handledAt: r.handledAt?.toISOString() ?? null,
});

export async function listContactMessages(db: Db, q: ListQuery, { limit, offset }: Window) {
  const where = and(
    searchCondition(q.q, [
      contactMessages.name,
      contactMessages.email,
      contactMessages.company,
      contactMessages.phone,
      contactMessages.message,
    ]),
    q.status ? eq(contactMessages.status, q.status as 'new' | 'handled') : undefined,
    ...createdWithin(contactMessages.createdAt, q),
  );
  const [{ total } = { total: 0 }] = await db
    .select({ total: countAll })
    .from(contactMessages)
    .where(where);
  const rows = await db
    .select()
    .from(contactMessages)
    .where(where)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(limit)
    .offset(offset);
  return { items: rows.map(contactView), total };
}

export async function setContactStatus(
  db: Db,
  id: number,
  status: 'new' | 'handled',
  now = new Date(),
): Promise<AdminContactMessage> {
  const [row] = await db
    .update(contactMessages)
    .set({ status, handledAt: status === 'handled' ? now : null })
    .where(eq(contactMessages.id, id))
    .returning();
  if (!row) throw new HttpError(404, 'Contact message not found');
  return contactView(row);
}

export const CONTACT_CSV: CsvColumn<AdminContactMessage>[] = [
  { header: 'ID', value: (m) => m.id },
  { header: 'Received (UTC)', value: (m) => m.createdAt },
  { header: 'Status', value: (m) => m.status },
  { header: 'Name', value: (m) => m.name },
  { header: 'Email', value: (m) => m.email },
  { header: 'Phone', value: (m) => m.phone },
  { header: 'Company', value: (m) => m.company },
  { header: 'Message', value: (m) => m.message },
  { header: 'Handled (UTC)', value: (m) => m.handledAt ?? '' },
];

export type AdminMeetingRequest = {
  id: number;
  createdAt: string;
  updatedAt: string;
  name: string;
  email: string;
  phone: string;
  company: string;
  meetingType: string;
  meetingLabel: string;
  preferredDate: string;
  preferredTime: string;
  timezone: string;
  timezoneLabel: string;
  message: string;
  status: 'requested' | 'confirmed' | 'proposed' | 'declined';
  proposedDate: string | null;
  proposedTime: string | null;
};

export const meetingView = (r: typeof meetingRequests.$inferSelect): AdminMeetingRequest => ({
  id: r.id,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  name: r.name,
  email: r.email,
  phone: r.phone,
  company: r.company,
  meetingType: r.meetingType,
  meetingLabel: meetingTypeOf(r.meetingType)?.label ?? r.meetingType,
  preferredDate: r.preferredDate,
  preferredTime: r.preferredTime,
  timezone: r.timezone,
  timezoneLabel: timezoneOf(r.timezone)?.label ?? r.timezone,
  message: r.message,
  status: r.status,
  proposedDate: r.proposedDate,
  proposedTime: r.proposedTime,
});

export async function listMeetingRequests(db: Db, q: ListQuery, { limit, offset }: Window) {
  const where = and(
    searchCondition(q.q, [
      meetingRequests.name,
      meetingRequests.email,
      meetingRequests.company,
      meetingRequests.phone,
      meetingRequests.meetingType,
      meetingRequests.message,
    ]),
    q.status ? eq(meetingRequests.status, q.status as AdminMeetingRequest['status']) : undefined,
    ...createdWithin(meetingRequests.createdAt, q),
  );
  const [{ total } = { total: 0 }] = await db
    .select({ total: countAll })
    .from(meetingRequests)
    .where(where);
  const rows = await db
    .select()
    .from(meetingRequests)
    .where(where)
    .orderBy(desc(meetingRequests.createdAt), desc(meetingRequests.id))
    .limit(limit)
    .offset(offset);
  return { items: rows.map(meetingView), total };
}

export const MEETING_CSV: CsvColumn<AdminMeetingRequest>[] = [
  { header: 'ID', value: (m) => m.id },
  { header: 'Received (UTC)', value: (m) => m.createdAt },
  { header: 'Status', value: (m) => m.status },
  { header: 'Name', value: (m) => m.name },
  { header: 'Email', value: (m) => m.email },
  { header: 'Phone', value: (m) => m.phone },
  { header: 'Company', value: (m) => m.company },
  { header: 'Meeting type', value: (m) => m.meetingLabel },
  { header: 'Preferred date', value: (m) => m.preferredDate },
  { header: 'Preferred time', value: (m) => m.preferredTime },
  { header: 'Timezone', value: (m) => m.timezone },
  { header: 'Proposed date', value: (m) => m.proposedDate ?? '' },
  { header: 'Proposed time', value: (m) => m.proposedTime ?? '' },
  { header: 'Message', value: (m) => m.message },
];
