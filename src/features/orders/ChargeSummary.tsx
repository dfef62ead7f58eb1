import type { ChargeInvoice } from '../../lib/charge';
import { formatCents } from '../../lib/money';
import { chargeSummary, type SummaryLine } from './charge-summary';
import type { OrderCharge, PaymentRefund } from './orders';
import './charge-summary.css';

export type { SummaryLine };

export function ChargeSummary({
  label,
  charge,
  lines,
  refunds = [],
  paid,
}: {
  label: string;
  charge: OrderCharge;
  lines: readonly SummaryLine[];
  refunds?: readonly PaymentRefund[];
  /** False for a pending or failed order: its total is not "Total paid". */
  paid: boolean;
}) {
  const rows = chargeSummary(charge, lines, refunds, { paid });
  return (
    <table className="charge-summary" aria-label={label}>
      <tbody>
        {rows.map((row, i) => (
          <tr key={i} className={`charge-summary__${row.kind}`}>
            <th scope="row">{row.label}</th>
            <td>{formatCents(row.cents, charge.currency)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function InvoiceLinks({ invoice, what }: { invoice: ChargeInvoice | null; what: string }) {
  if (!invoice || (!invoice.hostedUrl && !invoice.pdfUrl)) return null;
  return (
    <p className="charge-summary__invoice">
      {invoice.number && <span className="muted">Invoice {invoice.number}</span>}
      {invoice.hostedUrl && (
        <a href={invoice.hostedUrl} target="_blank" rel="noopener noreferrer">
          View invoice<span className="sr-only"> of {what} (opens in a new tab)</span>
        </a>
      )}
      {invoice.pdfUrl && (
        <a href={invoice.pdfUrl} target="_blank" rel="noopener noreferrer">
          Download invoice (PDF)<span className="sr-only"> of {what}</span>
        </a>
      )}
    </p>
  );
}
