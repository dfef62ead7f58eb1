import { formatCents } from '../../lib/money';
import type { PricedLine } from '../../server/db/schema.ts';
import { Details } from '../../server/mail/email-layout.tsx';
import { lineLabel } from './charge-summary';

export type OrderLine = Pick<PricedLine, 'name' | 'billingCycle' | 'unitAmountCents' | 'quantity'>;

export function OrderLinesTable({ lines, total }: { lines: readonly OrderLine[]; total: string }) {
  return (
    <Details
      amounts
      rows={[
        ...lines.map((l): [string, string] => [
          lineLabel(l),
          formatCents(l.unitAmountCents * l.quantity),
        ]),
        ['Total', total],
      ]}
    />
  );
}
