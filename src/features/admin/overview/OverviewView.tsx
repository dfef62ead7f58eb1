import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { formatCents } from '../../../lib/money';
import {
  count,
  LeadsChart,
  RecoveryChart,
  RemindersCapped,
  RevenueChart,
  RevenueTotals,
} from './OverviewCharts';
import { FailedPayments, RetentionRun } from './OverviewTables';
import { revenueTotals, type WeekRecovery } from './weeks';
import { $overview, mountOverview } from './overview.store';

const sumOf = (
  weeks: WeekRecovery[],
  key: 'abandoned' | 'remindersSent' | 'remindersCapped' | 'recoveredOrders',
) => weeks.reduce((s, w) => s + w[key], 0);

export function OverviewView({ go }: { go: (view: string) => void }) {
  const { result: data, error } = useStore($overview);

  useEffect(() => mountOverview(), []);

  if (error)
    return (
      <p role="alert" className="admin-list__error">
        {error}
      </p>
    );
  if (!data)
    return (
      <p role="status" className="muted">
        Loading the overview...
      </p>
    );

  const cards: { view: string; label: string; value: string; note: string }[] = [
    {
      view: 'orders',
      label: 'Net revenue',
      value: formatCents(revenueTotals(data.revenueByWeek).netCents),
      note: `last ${data.revenueByWeek.length} weeks, after tax and refunds; ${data.orders.paid} paid of ${data.orders.total} orders${data.orders.test ? `, ${data.orders.test} test` : ''}`,
    },
    {
      view: 'orders',
      label: 'Active subscriptions',
      value: String(data.subscriptions.active),
      note: `MRR ${formatCents(data.subscriptions.mrrCents)}; ${data.subscriptions.pastDue} past due, ${data.subscriptions.canceling} canceling`,
    },
    {
      view: 'contact-messages',
      label: 'New messages',
      value: String(data.contactMessages.new),
      note: `${data.contactMessages.total} in total`,
    },
    {
      view: 'meeting-requests',
      label: 'Meetings to answer',
      value: String(data.meetingRequests.awaitingAnswer),
      note: `${data.meetingRequests.confirmed} confirmed, ${data.meetingRequests.total} in total`,
    },
    {
      view: 'order-onboarding',
      label: 'Onboarding completed',
      value: `${data.onboarding.completed} of ${data.onboarding.orderForms}`,
      note: `${data.onboarding.clientSubmissions} client onboarding submissions`,
    },
    {
      view: 'outbox',
      label: 'E-mails failed',
      value: String(data.outbox.failed),
      note: `${data.outbox.pending} pending, ${data.outbox.sent} sent`,
    },
  ];

  return (
    <div className="stack">
      <ul className="admin-cards" aria-label="Key figures">
        {cards.map((c) => (
          <li key={c.label} className="card admin-card">
            <span className="admin-card__label">{c.label}</span>
            <strong className="admin-card__value">{c.value}</strong>
            <span className="muted">{c.note}</span>
            <a
              href={`#${c.view}`}
              onClick={(e) => {
                e.preventDefault();
                go(c.view);
              }}
            >
              Open<span className="sr-only"> {c.label.toLowerCase()}</span>
            </a>
          </li>
        ))}
      </ul>
      <FailedPayments payments={data.subscriptions.failedPayments} />
      <section aria-labelledby="revenue-heading" className="card">
        <h3 id="revenue-heading">Net revenue per week</h3>
        <p className="muted">
          What first payments and plan invoices charged, less the tax in them and less refunds. A
          payment counts in the week it was made, a refund in the week it was made.
        </p>
        <RevenueTotals weeks={data.revenueByWeek} />
        <RevenueChart weeks={data.revenueByWeek} />
      </section>
      <section aria-labelledby="leads-heading" className="card">
        <h3 id="leads-heading">Leads per week</h3>
        <p className="muted">Contact messages and meeting requests, by the week they arrived.</p>
        <LeadsChart weeks={data.leadsByWeek} />
      </section>
      <section aria-labelledby="recovery-heading" className="card">
        <h3 id="recovery-heading">Abandoned checkouts</h3>
        <p className="muted">
          Checkouts left to expire, the one reminder each could get, and the orders paid through its
          link, by week. {count(sumOf(data.recoveryByWeek, 'abandoned'))} abandoned,{' '}
          {count(sumOf(data.recoveryByWeek, 'remindersSent'))} reminders sent,{' '}
          {count(sumOf(data.recoveryByWeek, 'recoveredOrders'))} orders recovered in{' '}
          {data.recoveryByWeek.length} weeks.
          <RemindersCapped capped={sumOf(data.recoveryByWeek, 'remindersCapped')} />
        </p>
        <RecoveryChart weeks={data.recoveryByWeek} />
      </section>
      <RetentionRun run={data.privacy} />
    </div>
  );
}
