import type { OutboxEmail } from '../db/schema.ts';
import {
  openSealed,
  openSlots,
  resealSlots,
  resealWords,
  withoutSecrets,
  type SealedSlots,
  type SealingKeys,
} from './sealed.ts';

const mapValues = (headers: Record<string, string>, f: (v: string) => string) =>
  Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, f(v)]));

/**
 * The row as its recipient gets it: the slots of its own secrets opened (a row queued before
 * slots opens its sealed words). Throws UnopenableSecret (sealed.ts).
 */
export function openedParts(row: OutboxEmail) {
  const open = (text: string, html = false) =>
    row.secrets ? openSlots(text, row.secrets, { html }) : openSealed(text, { html });
  return {
    text: open(row.text),
    html: open(row.html, true),
    ...(row.headers ? { headers: mapValues(row.headers, (v) => open(v)) } : {}),
  };
}

/** The row's text, HTML and headers as they are kept once sent: no secret in them. */
export function partsWithoutSecrets(row: OutboxEmail) {
  const kept = (text: string) => withoutSecrets(text, row.secrets);
  return {
    text: kept(row.text),
    html: kept(row.html),
    headers: row.headers && mapValues(row.headers, kept),
    secrets: {},
  };
}

/** What the admin reads of a row's text: every secret's slot as `placeholder`. */
export function shownWithoutSecrets(
  row: Pick<OutboxEmail, 'text' | 'secrets'>,
  placeholder?: string,
): string {
  return withoutSecrets(row.text, row.secrets as SealedSlots | null, placeholder);
}

/**
 * The columns that change when the row's secrets are sealed again with `key` (none when they
 * already are). Throws UnopenableSecret when no key in use opens them.
 */
export function resealedColumns(row: OutboxEmail, key?: SealingKeys): Partial<OutboxEmail> {
  return row.secrets ? resealedSlotsOf(row.secrets, key) : resealedWordsOf(row, key);
}

function resealedSlotsOf(slots: SealedSlots, key?: SealingKeys): Partial<OutboxEmail> {
  const again = resealSlots(slots, key);
  return again ? { secrets: again } : {};
}

/** A row queued before slots: its sealed words stand in the text, the HTML and the headers. */
function resealedWordsOf(row: OutboxEmail, key?: SealingKeys): Partial<OutboxEmail> {
  const again = (text: string) => resealWords(text, key);
  const changes = {
    text: again(row.text),
    html: again(row.html),
    headers: row.headers && mapValues(row.headers, again),
  };
  const same =
    changes.text === row.text &&
    changes.html === row.html &&
    JSON.stringify(changes.headers) === JSON.stringify(row.headers);
  return same ? {} : changes;
}
