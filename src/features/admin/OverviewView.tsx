import { useStore } from '@nanostores/react';
import { useEffect, type ReactNode } from 'react';
import { formatCents } from '../../lib/money';
import { REMINDERS_PER_DAY } from '../recovery/recovery';
import { revenueTotals, type WeekLeads, type WeekRecovery, type WeekRevenue } from './weeks';
import type { Overview } from './overview.server';
import { $overview, mountOverview } from './overview.store';

const weekLabel = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );

type WeekColumn<W> = { header: string; cell: (week: W, i: number) => ReactNode; numeric?: boolean };

type WeekChartProps<W extends { weekStart: string }> = {
  /** Prefix of the element ids (title, description). */
  id: string;
  title: string;
  weeks: W[];
  /** The figure a week's bar shows. */
  value: (week: W) => number;
  format: (value: number) => string;
  /** What one bar says when hovered or read out. */
  barTitle: (week: W) => string;
  /** The chart's description from the formatted total, the best week's label and its figure. */
  summary: (total: string, bestWeek: string, best: string) => string;
  /** The description when every week is zero. */
  emptySummary: string;
  columns: WeekColumn<W>[];
};

/** The index of the week with the highest value (the first of equals). */
const bestOf = (values: number[]) => values.reduce((b, v, i) => (v > values[b]! ? i : b), 0);

/** Figures per week as plain SVG bars (no chart library), with a table giving the same figures. */
function WeekChart<W extends { weekStart: string }>({
  id,
  title,
  weeks,
  value: valueOf,
  format,
  barTitle,
  summary: describe,
  emptySummary,
  columns,
}: WeekChartProps<W>) {
  const values = weeks.map(valueOf);
  const weekStarts = weeks.map((w) => w.weekStart);
  const total = values.reduce((s, v) => s + v, 0);
  const bestIndex = bestOf(values);
  const best = weeks[bestIndex];
  const summary =
    total && best
      ? describe(format(total), weekLabel(best.weekStart), format(values[bestIndex]!))
      : emptySummary;
  const W = 640;
  const H = 240;
  const pad = { top: 16, right: 8, bottom: 36, left: 8 };
  const max = Math.max(1, ...values);
  const slot = (W - pad.left - pad.right) / Math.max(1, values.length);
  const barW = slot * 0.64;
  const plotH = H - pad.top - pad.bottom;

  return (
    <figure className="admin-chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${id}-title ${id}-desc`}>
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        <line
          x1={pad.left}
          x2={W - pad.right}
          y1={H - pad.bottom}
          y2={H - pad.bottom}
          className="admin-chart__axis"
        />
        {values.map((value, i) => {
          const h = (Math.max(0, value) / max) * plotH;
          const x = pad.left + i * slot + (slot - barW) / 2;
          return (
            <g key={weekStarts[i]}>
              <rect
                x={x}
                y={H - pad.bottom - h}
                width={barW}
                height={Math.max(h, value ? 2 : 0)}
                rx={3}
                className="admin-chart__bar"
              >
                <title>{barTitle(weeks[i]!)}</title>
              </rect>
              {(i % 2 === values.length % 2 || values.length <= 6) && (
                <text
                  x={x + barW / 2}
                  y={H - pad.bottom + 20}
                  textAnchor="middle"
                  className="admin-chart__label"
                >
                  {weekLabel(weekStarts[i]!)}
                </text>
              )}
            </g>
          );
        })}
        <text x={pad.left} y={pad.top - 2} className="admin-chart__label">
          {format(max)}
        </text>
      </svg>
      <figcaption className="muted">{summary}</figcaption>
      <details className="admin-chart__table">
        <summary>Show {title.toLowerCase()} as a table</summary>
        <div className="table-wrap">
          <table>
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                <th scope="col">Week starting</th>
                {columns.map((c) => (
                  <th key={c.header} scope="col" className={c.numeric ? 'admin-num' : undefined}>
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weekStarts.map((week, i) => (
                <tr key={week}>
                  <td>{weekLabel(week)}</td>
                  {columns.map((c) => (
                    <td key={c.header} className={c.numeric ? 'admin-num' : undefined}>
                      {c.cell(weeks[i]!, i)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

const refund = (cents: number) => (cents ? `−${formatCents(cents)}` : formatCents(0));

/** Net revenue per week: charges less their tax and less the week's refunds. */
function RevenueChart({ weeks }: { weeks: WeekRevenue[] }) {
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
function RevenueTotals({ weeks }: { weeks: WeekRevenue[] }) {
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

const count = (n: number) => n.toLocaleString('en-US');

const sumOf = (
  weeks: WeekRecovery[],
  key: 'abandoned' | 'remindersSent' | 'remindersCapped' | 'recoveredOrders',
) => weeks.reduce((s, w) => s + w[key], 0);

/** Leads per week: contact messages and meeting requests received. */
function LeadsChart({ weeks }: { weeks: WeekLeads[] }) {
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
function RecoveryChart({ weeks }: { weeks: WeekRecovery[] }) {
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
function RemindersCapped({ capped }: { capped: number }) {
  if (!capped) return null;
  return (
    <>
      {' '}
      {count(capped)} {capped === 1 ? 'reminder was' : 'reminders were'} not sent because the day’s
      cap of {count(REMINDERS_PER_DAY)} was reached.
    </>
  );
}

/** The retention rules' latest run: when, and what each rule removed or anonymised. */
function RetentionRun({ run }: { run: Overview['privacy'] }) {
  return (
    <section aria-labelledby="retention-heading" className="card">
      <h3 id="retention-heading">Personal data retention</h3>
      {run ? (
        <>
          <p className="muted">
            Last run {new Date(run.at).toLocaleString('en-US')} (
            {run.source === 'schedule' ? 'daily schedule' : 'command line'}).
          </p>
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">Rule</th>
                  <th scope="col" className="admin-num">
                    Removed or anonymised
                  </th>
                </tr>
              </thead>
              <tbody>
                {run.rules.map((r) => (
                  <tr key={r.rule}>
                    <td>{r.title}</td>
                    <td className="admin-num">{count(r.removed)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : (
        <p className="muted">The retention rules have not run yet. They run once a day.</p>
      )}
    </section>
  );
}

/** Renewals whose payment failed: the client was e-mailed, the team follows up. */
function FailedPayments({ payments }: { payments: Overview['subscriptions']['failedPayments'] }) {
  return (
    <section aria-labelledby="failed-payments-heading" className="card">
      <h3 id="failed-payments-heading">Failed payments to follow up</h3>
      {payments.length === 0 ? (
        <p className="muted">No failed renewal payments.</p>
      ) : (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Plan</th>
                <th scope="col" className="admin-num">
                  Amount
                </th>
                <th scope="col">Attempts</th>
                <th scope="col">Last failure</th>
                <th scope="col">Invoice</th>
              </tr>
            </thead>
            <tbody>
              {payments.map((p) => (
                <tr key={p.invoiceId}>
                  <td>{p.plan}</td>
                  <td className="admin-num">{formatCents(p.amountCents)}</td>
                  <td>{p.attempts}</td>
                  <td>{new Date(p.failedAt).toLocaleString('en-US')}</td>
                  <td>{p.invoiceId}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

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
