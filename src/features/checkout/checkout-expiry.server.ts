// Marked expired and the reminder decided in one transaction: a replayed or concurrent report
// changes nothing twice.
import type { Db } from '../../server/db/client.ts';
import type { ProviderSession } from '../../server/payments/index.ts';
import { remindAbandonedCheckout, type ReminderOutcome } from '../recovery/recovery.server.ts';
import { findCheckoutSession, expireSession } from './checkout-sessions.server.ts';

export type ExpiryResult =
  { state: 'ignored' } | { state: 'expired'; wasOpen: boolean; reminder: ReminderOutcome };

/** What an expiry report says; `recoveryUrl` is the provider's link back to the same cart. */
export type ExpiredReport = Pick<
  ProviderSession,
  'id' | 'customerEmail' | 'customerName' | 'promotionsConsent' | 'recoveryUrl' | 'recoveredFrom'
>;

export async function expireCheckout(
  db: Db,
  report: ExpiredReport,
  { now = new Date(), siteUrl }: { now?: Date; siteUrl?: string } = {},
): Promise<ExpiryResult> {
  return db.transaction(async (tx) => {
    const before = await findCheckoutSession(tx, report.id);
    if (!before) return { state: 'ignored' } as const;
    const row = await expireSession(tx, report.id, {
      customerEmail: report.customerEmail?.toLowerCase() ?? null,
      customerName: report.customerName ?? null,
      promotionsConsent: report.promotionsConsent ?? null,
      expiredAt: now,
    });
    if (!row) return { state: 'ignored' } as const;
    const reminder = await remindAbandonedCheckout(
      tx,
      {
        ...row,
        recoveryUrl: report.recoveryUrl ?? null,
        recoveredFrom: row.recoveredFrom ?? report.recoveredFrom ?? null,
        expiredAt: row.expiredAt ?? now,
      },
      { now, ...(siteUrl ? { siteUrl } : {}) },
    );
    return { state: 'expired', wasOpen: before.status === 'open', reminder } as const;
  });
}
