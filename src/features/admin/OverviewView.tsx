import { useEffect, useState } from 'react';
import { formatCents } from '../../lib/money';
import type { WeekRevenue } from './revenue';
import { adminFetch } from './api';
import type { Overview } from './overview.server';

const weekLabel = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );

/** Weekly revenue as plain SVG bars (no chart library), with a table giving the same figures. */
export function RevenueChart({ weeks }: { weeks: WeekRevenue[] }) {
  const W = 640;
  const H = 240;
  const pad = { top: 16, right: 8, bottom: 36, left: 8 };
  const max = Math.max(1, ...weeks.map((w) => w.cents));
  const slot = (W - pad.left - pad.right) / Math.max(1, weeks.length);
  const barW = slot * 0.64;
  const plotH = H - pad.top - pad.bottom;
  const total = weeks.reduce((s, w) => s + w.cents, 0);
  const best = weeks.reduce(
    (a, w) => (w.cents > a.cents ? w : a),
    weeks[0] ?? { weekStart: '', cents: 0, orders: 0, renewals: 0, refundedCents: 0 },
  );
  const summary = total
    ? `${formatCents(total)} over ${weeks.length} weeks; best week starting ${weekLabel(best.weekStart)} with ${formatCents(best.cents)}.`
    : `No revenue in the last ${weeks.length} weeks.`;

  return (
    <figure className="admin-chart">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-labelledby="revenue-chart-title revenue-chart-desc"
      >
        <title id="revenue-chart-title">Revenue per week</title>
        <desc id="revenue-chart-desc">{summary}</desc>
        <line
          x1={pad.left}
          x2={W - pad.right}
          y1={H - pad.bottom}
          y2={H - pad.bottom}
          className="admin-chart__axis"
        />
        {weeks.map((w, i) => {
          const h = (w.cents / max) * plotH;
          const x = pad.left + i * slot + (slot - barW) / 2;
          return (
            <g key={w.weekStart}>
              <rect
                x={x}
                y={H - pad.bottom - h}
                width={barW}
                height={Math.max(h, w.cents ? 2 : 0)}
                rx={3}
                className="admin-chart__bar"
              >
                <title>{`Week of ${weekLabel(w.weekStart)}: ${formatCents(w.cents)} (${w.orders} orders, ${w.renewals} renewals${w.refundedCents ? `, ${formatCents(w.refundedCents)} refunded` : ''})`}</title>
              </rect>
              {(i % 2 === weeks.length % 2 || weeks.length <= 6) && (
                <text
                  x={x + barW / 2}
                  y={H - pad.bottom + 20}
                  textAnchor="middle"
                  className="admin-chart__label"
                >
                  {weekLabel(w.weekStart)}
                </text>
              )}
            </g>
          );
        })}
        <text x={pad.left} y={pad.top - 2} className="admin-chart__label">
          {formatCents(max)}
        </text>
      </svg>
      <figcaption className="muted">{summary}</figcaption>
      <details className="admin-chart__table">
        <summary>Show revenue per week as a table</summary>
        <div className="table-wrap">
          <table>
            <caption className="sr-only">Revenue per week</caption>
            <thead>
              <tr>
                <th scope="col">Week starting</th>
                <th scope="col">Orders</th>
                <th scope="col">Renewals</th>
                <th scope="col" className="admin-num">
                  Refunds
                </th>
                <th scope="col" className="admin-num">
                  Revenue
                </th>
              </tr>
            </thead>
            <tbody>
              {weeks.map((w) => (
                <tr key={w.weekStart}>
                  <td>{weekLabel(w.weekStart)}</td>
                  <td>{w.orders}</td>
                  <td>{w.renewals}</td>
                  <td className="admin-num">
                    {w.refundedCents ? `−${formatCents(w.refundedCents)}` : formatCents(0)}
                  </td>
                  <td className="admin-num">{formatCents(w.cents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
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
  const [data, setData] = useState<Overview | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    adminFetch<Overview>('/api/admin/overview')
      .then(setData)
      .catch((e: Error) => setError(e.message));
  }, []);

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
      label: 'Revenue',
      value: formatCents(data.orders.revenueCents),
      note: `${data.orders.paid} paid of ${data.orders.total} orders${data.orders.test ? `, ${data.orders.test} test` : ''}`,
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
        <h3 id="revenue-heading">Revenue per week</h3>
        <p className="muted">
          First payments and renewals, less refunds, by the week they happened.
        </p>
        <RevenueChart weeks={data.revenueByWeek} />
      </section>
    </div>
  );
}
