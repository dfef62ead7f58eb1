import { isSecurityEvent, SECURITY_EVENT_LABELS } from '../../../lib/security-events.ts';
import type { Db } from '../../../server/db/client.ts';
import type { Listed, PageRequest } from '../../../server/db/list-query.ts';
import { listSecurityLog, type SecurityEvent } from '../../../server/auth/security-log.ts';
import type { ListQuery } from '../admin.ts';
import type { CsvColumn } from '../../../lib/csv.ts';

export type AdminSecurityEvent = {
  id: number;
  at: string;
  event: string;
  label: string;
  /** The admin account; null for a refused sign-in that named no account. */
  account: string | null;
  ip: string | null;
  detail: string;
};

/** Nested counts as one line with spaces, so a narrow column can wrap them. */
const detailValue = (value: unknown) =>
  value !== null && typeof value === 'object'
    ? JSON.stringify(value, null, 1).replace(/\s+/g, ' ')
    : String(value);

function securityEventView(row: SecurityEvent): AdminSecurityEvent {
  // Entries written before refused sign-ins stopped keeping what was typed (maybe a password)
  // may still hold it: a refusal for no account never shows it.
  const typedOnly = row.event === 'admin.password-refused' && row.userId === null;
  return {
    id: row.id,
    at: row.at.toISOString(),
    event: row.event,
    label: isSecurityEvent(row.event) ? SECURITY_EVENT_LABELS[row.event] : row.event,
    account: typedOnly ? null : row.username,
    ip: row.ip,
    detail: Object.entries(row.detail)
      .map(([name, value]) => `${name}: ${detailValue(value)}`)
      .join(' · '),
  };
}

export async function listSecurityLogForAdmin(
  db: Db,
  q: ListQuery,
  page: PageRequest,
): Promise<Listed<AdminSecurityEvent>> {
  const { rows, ...paging } = await listSecurityLog(db, q, page);
  return { ...paging, rows: rows.map(securityEventView) };
}

export const SECURITY_LOG_CSV: CsvColumn<AdminSecurityEvent>[] = [
  { header: 'ID', value: (e) => e.id },
  { header: 'When (UTC)', value: (e) => e.at },
  { header: 'Event', value: (e) => e.event },
  { header: 'Account', value: (e) => e.account ?? '' },
  { header: 'IP address', value: (e) => e.ip ?? '' },
  { header: 'Details', value: (e) => e.detail },
];
