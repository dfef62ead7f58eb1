import { formatCents } from '../../../lib/money';
import { REMINDERS_PER_DAY } from '../../recovery/recovery';
import { weekLabel, WeekChart } from './WeekChart';
import { revenueTotals, type WeekLeads, type WeekRecovery, type WeekRevenue } from './weeks';

export const count = (n: number) => n.toLocaleString('en-US');

const refund = (cents: number) => (cents ? `−${formatCents(cents)}` : formatCents(0));

/** Net revenue per week: charges less their tax and less the week's refunds. */
export function RevenueChart({ weeks }: { weeks: WeekRevenue[] }) {
  return (
    <WeekChart
      id="revenue-chart"
      title="Net revenue per week"
      weeks={weeks}
      value={(w) => w.netCents}
      format={formatCents}
      barTitle={(w) =>
        `Week of ${weekLabel(w.weekStart)}: ${formatCents(w.netCents)} net (${formatCents(w.grossCents)} charged, ${formatCents(w.taxCents)} tax, ${formatCents(w.refundedCents)} refunded; ${w.orders} orders, ${w.renewals} renewals)`
      }
      summary={(total, week, best) =>
        `${total} net revenue over ${weeks.length} weeks; best week starting ${week} with ${best}.`
      }
      emptySummary={`No revenue in the last ${weeks.length} weeks.`}
      columns={[
        { header: 'Orders', cell: (w) => w.orders },
        { header: 'Renewals', cell: (w) => w.renewals },
        { header: 'Charged', numeric: true, cell: (w) => formatCents(w.grossCents) },
        {
          header: 'Tax collected',
          numeric: true,
          cell: (w) =>
            `${formatCents(w.taxCents)}${w.taxUnknown ? ` (${w.taxUnknown} unknown)` : ''}`,
        },
        { header: 'Refunds', numeric: true, cell: (w) => refund(w.refundedCents) },
        { header: 'Net revenue', numeric: true, cell: (w) => formatCents(w.netCents) },
      ]}
    />
  );
}

/** The weeks' money added up, and what is not known of it. */
export function RevenueTotals({ weeks }: { weeks: WeekRevenue[] }) {
  const t = revenueTotals(weeks);
  return (
    <>
      <dl className="admin-revenue-totals">
        <div>
          <dt>Charged</dt>
          <dd>{formatCents(t.grossCents)}</dd>
        </div>
        <div>
          <dt>Tax collected</dt>
          <dd>{formatCents(t.taxCents)}</dd>
        </div>
        <div>
          <dt>Refunds</dt>
          <dd>{refund(t.refundedCents)}</dd>
        </div>
        <div>
          <dt>Net revenue</dt>
          <dd>{formatCents(t.netCents)}</dd>
        </div>
      </dl>
      {t.taxUnknown > 0 && (
        <p className="muted">
          Tax unknown on {count(t.taxUnknown)} {t.taxUnknown === 1 ? 'payment' : 'payments'}{' '}
          recorded before the tax was stored: their whole charge counts as net revenue.
        </p>
      )}
    </>
  );
}

/** Leads per week: contact messages and meeting requests received. */
export function LeadsChart({ weeks }: { weeks: WeekLeads[] }) {
  return (
    <WeekChart
      id="leads-chart"
      title="Leads per week"
      weeks={weeks}
      value={(w) => w.contactMessages + w.meetingRequests}
      format={count}
      barTitle={(w) =>
        `Week of ${weekLabel(w.weekStart)}: ${count(w.contactMessages)} contact messages, ${count(w.meetingRequests)} meeting requests`
      }
      summary={(total, week, best) =>
        `${total} leads over ${weeks.length} weeks; most in the week starting ${week} with ${best}.`
      }
      emptySummary={`No leads in the last ${weeks.length} weeks.`}
      columns={[
        { header: 'Contact messages', numeric: true, cell: (w) => count(w.contactMessages) },
        { header: 'Meeting requests', numeric: true, cell: (w) => count(w.meetingRequests) },
        {
          header: 'Leads',
          numeric: true,
          cell: (w) => count(w.contactMessages + w.meetingRequests),
        },
      ]}
    />
  );
}

/** Checkout recovery per week: abandoned checkouts, reminders sent, orders and revenue won back. */
export function RecoveryChart({ weeks }: { weeks: WeekRecovery[] }) {
  return (
    <WeekChart
      id="recovery-chart"
      title="Checkout recovery per week"
      weeks={weeks}
      value={(w) => w.recoveredCents}
      format={formatCents}
      barTitle={(w) =>
        `Week of ${weekLabel(w.weekStart)}: ${count(w.abandoned)} abandoned, ${count(w.remindersSent)} reminded, ${count(w.recoveredOrders)} recovered (${formatCents(w.recoveredCents)})`
      }
      summary={(total, week, best) =>
        `${total} recovered over ${weeks.length} weeks; best week starting ${week} with ${best}.`
      }
      emptySummary={`Nothing recovered in the last ${weeks.length} weeks.`}
      columns={[
        { header: 'Abandoned checkouts', numeric: true, cell: (w) => count(w.abandoned) },
        { header: 'Reminders sent', numeric: true, cell: (w) => count(w.remindersSent) },
        {
          header: 'Held back by the daily cap',
          numeric: true,
          cell: (w) => count(w.remindersCapped),
        },
        { header: 'Orders recovered', numeric: true, cell: (w) => count(w.recoveredOrders) },
        { header: 'Revenue recovered', numeric: true, cell: (w) => formatCents(w.recoveredCents) },
      ]}
    />
  );
}

/** Said only when the site-wide cap held reminders back: it is not a rule a buyer can see. */
export function RemindersCapped({ capped }: { capped: number }) {
  if (!capped) return null;
  return (
    <>
      {' '}
      {count(capped)} {capped === 1 ? 'reminder was' : 'reminders were'} not sent because the day’s
      cap of {count(REMINDERS_PER_DAY)} was reached.
    </>
  );
}
