import type { OutboxEmail } from '../server/db/schema.ts';
import { openSealed, openSlots } from '../server/mail/sealed.ts';

/** A part of a stored e-mail (its text unless named) as its recipient gets it: secrets opened. */
export function openedText(
  row: Pick<OutboxEmail, 'text' | 'secrets'>,
  part: string = row.text,
): string {
  return row.secrets ? openSlots(part, row.secrets) : openSealed(part);
}
