import type { Db } from '../../../server/db/client.ts';
import type { Listed, PageRequest } from '../../../server/db/list-query.ts';
import type { ContactMessage, MeetingRequest } from '../../../server/db/schema.ts';
import { HttpError } from '../../../server/responses.ts';
import * as contact from '../../contact/contact.server.ts';
import * as meeting from '../../meeting/meeting.server.ts';
import { meetingTypeOf, timezoneOf } from '../../meeting/meeting.ts';
import type { ListQuery } from '../admin.ts';
import type { CsvColumn } from '../../../lib/csv.ts';

type AdminLead = {
  id: number;
  createdAt: string;
  name: string;
  email: string;
  phone: string;
  company: string;
  message: string;
};

const leadView = (r: ContactMessage | MeetingRequest): AdminLead => ({
  id: r.id,
  createdAt: r.createdAt.toISOString(),
  name: r.name,
  email: r.email,
  phone: r.phone,
  company: r.company,
  message: r.message,
});

function leadColumns<T extends AdminLead & { status: string }>(): CsvColumn<T>[] {
  return [
    { header: 'ID', value: (m) => m.id },
    { header: 'Received (UTC)', value: (m) => m.createdAt },
    { header: 'Status', value: (m) => m.status },
    { header: 'Name', value: (m) => m.name },
    { header: 'Email', value: (m) => m.email },
    { header: 'Phone', value: (m) => m.phone },
    { header: 'Company', value: (m) => m.company },
  ];
}

const listedAs =
  <Row, View>(
    list: (db: Db, q: ListQuery, page: PageRequest) => Promise<Listed<Row>>,
    view: (r: Row) => View,
  ) =>
  async (db: Db, q: ListQuery, page: PageRequest): Promise<Listed<View>> => {
    const { rows, ...paging } = await list(db, q, page);
    return { ...paging, rows: rows.map(view) };
  };

export type AdminContactMessage = AdminLead & {
  formType: string;
  status: 'new' | 'handled';
  handledAt: string | null;
};

const contactView = (r: ContactMessage): AdminContactMessage => ({
  ...leadView(r),
  formType: r.formType,
  status: r.status,
  handledAt: r.handledAt?.toISOString() ?? null,
});

export const listContactMessages = listedAs(contact.listContactMessages, contactView);

export async function setContactStatus(
  db: Db,
  id: number,
  status: 'new' | 'handled',
  now = new Date(),
): Promise<AdminContactMessage> {
  const row = await contact.setContactMessageStatus(db, id, status, now);
  if (!row) throw new HttpError(404, 'Contact message not found');
  return contactView(row);
}

export const CONTACT_CSV: CsvColumn<AdminContactMessage>[] = [
  ...leadColumns<AdminContactMessage>(),
  { header: 'Message', value: (m) => m.message },
  { header: 'Handled (UTC)', value: (m) => m.handledAt ?? '' },
];

export type AdminMeetingRequest = AdminLead & {
  updatedAt: string;
  meetingType: string;
  meetingLabel: string;
  preferredDate: string;
  preferredTime: string;
  timezone: string;
  timezoneLabel: string;
  status: 'requested' | 'confirmed' | 'proposed' | 'declined';
  proposedDate: string | null;
  proposedTime: string | null;
};

const meetingView = (r: MeetingRequest): AdminMeetingRequest => ({
  ...leadView(r),
  updatedAt: r.updatedAt.toISOString(),
  meetingType: r.meetingType,
  meetingLabel: meetingTypeOf(r.meetingType)?.label ?? r.meetingType,
  preferredDate: r.preferredDate,
  preferredTime: r.preferredTime,
  timezone: r.timezone,
  timezoneLabel: timezoneOf(r.timezone)?.label ?? r.timezone,
  status: r.status,
  proposedDate: r.proposedDate,
  proposedTime: r.proposedTime,
});

export const listMeetingRequests = listedAs(meeting.listMeetingRequests, meetingView);

export const meetingAction = meeting.meetingAction;

export async function answerMeetingRequest(
  db: Db,
  id: number,
  action: Parameters<typeof meeting.answerMeetingRequest>[2],
  now = new Date(),
): Promise<{ request: AdminMeetingRequest; emailId: number }> {
  const { request, emailId } = await meeting.answerMeetingRequest(db, id, action, now);
  return { request: meetingView(request), emailId };
}

export const MEETING_CSV: CsvColumn<AdminMeetingRequest>[] = [
  ...leadColumns<AdminMeetingRequest>(),
  { header: 'Meeting type', value: (m) => m.meetingLabel },
  { header: 'Preferred date', value: (m) => m.preferredDate },
  { header: 'Preferred time', value: (m) => m.preferredTime },
  { header: 'Timezone', value: (m) => m.timezone },
  { header: 'Proposed date', value: (m) => m.proposedDate ?? '' },
  { header: 'Proposed time', value: (m) => m.proposedTime ?? '' },
  { header: 'Message', value: (m) => m.message },
];
