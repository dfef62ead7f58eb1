import { formatDateTime, humanizeKey, statusLabel } from '../admin';

const BADGE: Record<string, string> = {
  paid: 'success',
  completed: 'success',
  handled: 'success',
  confirmed: 'success',
  sent: 'success',
  pending: 'accent',
  new: 'primary',
  requested: 'primary',
  proposed: 'secondary',
  'in-progress': 'secondary',
  // A checkout reminder withdrawn because the buyer paid first: nothing went wrong.
  canceled: 'secondary',
  failed: 'danger',
  declined: 'danger',
  refunded: 'danger',
};

export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={`badge badge--${BADGE[status] ?? 'primary'}`}>{statusLabel(status)}</span>
  );
}

export function When({ iso }: { iso: string | null }) {
  if (!iso) return <span className="muted">—</span>;
  return <time dateTime={iso}>{formatDateTime(iso)}</time>;
}

function show(value: unknown): string {
  if (value === true) return 'Yes';
  if (value === false) return 'No';
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.map(show).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Every stored field of a submission, in stored order, so nothing the client typed is hidden. */
export function FieldList({
  fields,
  empty = 'Not submitted yet.',
}: {
  fields: Record<string, unknown> | null;
  empty?: string;
}) {
  const entries = fields ? Object.entries(fields) : [];
  if (!entries.length) return <p className="muted">{empty}</p>;
  return (
    <dl className="admin-fields">
      {entries.map(([key, value]) => (
        <div key={key}>
          <dt>{humanizeKey(key)}</dt>
          <dd>{show(value)}</dd>
        </div>
      ))}
    </dl>
  );
}
