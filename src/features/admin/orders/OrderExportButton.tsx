import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { Icon } from '../../../components/ui/Icon';
import { exportProgressText } from './order-exports';
import {
  $orderExport,
  downloadOrderExport,
  mountOrderExport,
  startOrderExport,
} from './order-exports.store';

/** Prepared on the server in the background (100,000 orders take a while), then downloaded. */
export function OrderExportButton({ filters }: { filters: Record<string, string> }) {
  const { current, busy, error } = useStore($orderExport);
  useEffect(() => mountOrderExport(), []);
  const preparing = current?.state === 'queued' || current?.state === 'running';

  return (
    <div className="admin-export">
      <button
        type="button"
        className="btn btn--outline btn--sm"
        disabled={busy || preparing}
        onClick={() => void startOrderExport(filters)}
      >
        <Icon name="download" /> Export CSV
      </button>
      {current?.state === 'done' && (
        <button
          type="button"
          className="btn btn--sm"
          disabled={busy}
          onClick={() => void downloadOrderExport()}
        >
          <Icon name="download" /> Download CSV
        </button>
      )}
      <p className="muted admin-export__status" role="status" aria-live="polite">
        {current ? exportProgressText(current) : ''}
        {current?.state === 'done' && ' Kept for 24 hours.'}
      </p>
      {error && (
        <p className="admin-list__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
