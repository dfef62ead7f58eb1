import { formatCents } from '../../../lib/money';
import { count } from './OverviewCharts';
import type { Overview } from './overview.server';

/** The retention rules' latest run: when, and what each rule removed or anonymised. */
export function RetentionRun({ run }: { run: Overview['privacy'] }) {
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
export function FailedPayments({
  payments,
}: {
  payments: Overview['subscriptions']['failedPayments'];
}) {
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
