/**
 * An order's lines and total as an e-mail table: the confirmation of a paid order and the
 * reminder of an abandoned checkout show the buyer the same summary.
 */
import { formatCents } from '../../lib/money';
import type { PricedLine } from '../../server/db/schema.ts';
import { Details } from '../../server/mail/email.ts';
import { CYCLE_LABEL } from '../catalogue/catalogue';

export type OrderLine = Pick<PricedLine, 'name' | 'billingCycle' | 'unitAmountCents' | 'quantity'>;

export function OrderLinesTable({ lines, total }: { lines: readonly OrderLine[]; total: string }) {
  return (
    <Details
      amounts
      rows={[
        ...lines.map((l): [string, string] => [
          `${l.quantity} x ${l.name} (${CYCLE_LABEL[l.billingCycle]})`,
          formatCents(l.unitAmountCents * l.quantity),
        ]),
        ['Total', total],
      ]}
    />
  );
}
