import { ListView, type Column } from '../shell/ListView';
import { When } from '../shell/DisplayParts';
import type { AdminSecurityEvent } from './security-log.server';

const columns: Column<AdminSecurityEvent>[] = [
  { header: 'When', cell: (e) => <When iso={e.at} /> },
  {
    header: 'Event',
    cell: (e) => (
      <>
        {e.label}
        <br />
        <span className="muted">{e.event}</span>
      </>
    ),
  },
  {
    header: 'Account',
    cell: (e) => e.account ?? <span className="muted">no such account</span>,
  },
  { header: 'Address', cell: (e) => e.ip || <span className="muted">—</span> },
  {
    header: 'Details',
    className: 'admin-clip',
    cell: (e) => <span className="admin-clip__text">{e.detail || '—'}</span>,
  },
];

export function SecurityLogView() {
  return (
    <ListView<AdminSecurityEvent>
      list="security-log"
      noun="entries"
      columns={columns}
      rowKey={(e) => e.id}
      searchLabel="Account"
      searchHint="Username"
    />
  );
}
