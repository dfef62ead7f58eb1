import { useState } from 'react';
import { onboardingProgressLabel } from '../admin';
import type { AdminClientOnboarding, AdminOrderOnboarding } from './onboarding.server';
import { ListView, type Column } from '../shell/ListView';
import { Modal } from '../shell/Modal';
import { FieldList, StatusBadge, When } from '../shell/DisplayParts';

function OrderOnboardingDetails({ r }: { r: AdminOrderOnboarding }) {
  const [open, setOpen] = useState(false);
  const business = String(r.businessInfo?.businessName ?? r.customerName);
  return (
    <>
      <button className="btn btn--outline btn--sm" type="button" onClick={() => setOpen(true)}>
        View<span className="sr-only"> onboarding of {r.orderNumber}</span>
      </button>
      {open && (
        <Modal title={`Onboarding for ${r.orderNumber}`} onClose={() => setOpen(false)} wide>
          <p>
            {r.productName} · {r.customerName} (
            <a href={`mailto:${r.customerEmail}`}>{r.customerEmail}</a>)
          </p>
          <h4>Logo</h4>
          {r.logoUrl ? (
            <a href={r.logoUrl} target="_blank" rel="noopener noreferrer" className="admin-logo">
              <img src={r.logoUrl} alt={`Logo uploaded by ${business}`} loading="lazy" />
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          ) : (
            <p className="muted">No logo uploaded.</p>
          )}
          <h4>Business information</h4>
          <FieldList fields={r.businessInfo} />
          <h4>Project details</h4>
          <FieldList fields={r.projectDetails} />
          <h4>Design preferences</h4>
          <FieldList fields={r.designPreferences} />
        </Modal>
      )}
    </>
  );
}

const orderColumns: Column<AdminOrderOnboarding>[] = [
  {
    header: 'Order',
    cell: (r) => (
      <>
        <strong>{r.orderNumber}</strong>
        <br />
        {r.productName}
      </>
    ),
  },
  {
    header: 'Customer',
    cell: (r) => (
      <>
        {r.customerName}
        <br />
        <a href={`mailto:${r.customerEmail}`}>{r.customerEmail}</a>
      </>
    ),
  },
  { header: 'Business', cell: (r) => String(r.businessInfo?.businessName ?? '—') },
  {
    header: 'Progress',
    cell: (r) => {
      const p = r.progress;
      return (
        <span className="admin-progress">
          <progress
            max={p.totalSteps}
            value={p.completed ? p.totalSteps : p.stepsDone}
            aria-label={`Onboarding of ${r.orderNumber}`}
          />
          {onboardingProgressLabel(p)}
        </span>
      );
    },
  },
  {
    header: 'Logo',
    cell: (r) =>
      r.logoUrl ? (
        <img
          className="admin-thumb"
          src={r.logoUrl}
          alt={`Logo of ${String(r.businessInfo?.businessName ?? r.orderNumber)}`}
          loading="lazy"
        />
      ) : (
        <span className="muted">—</span>
      ),
  },
  { header: 'Updated', cell: (r) => <When iso={r.updatedAt} /> },
  { header: 'Details', cell: (r) => <OrderOnboardingDetails r={r} /> },
];

export function OrderOnboardingView() {
  return (
    <ListView<AdminOrderOnboarding>
      list="order-onboarding"
      noun="onboarding forms"
      columns={orderColumns}
      rowKey={(r) => r.id}
      searchHint="Order, customer, business, any answer"
    />
  );
}

function ClientOnboardingDetails({ r }: { r: AdminClientOnboarding }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button className="btn btn--outline btn--sm" type="button" onClick={() => setOpen(true)}>
        View<span className="sr-only"> submission from {r.fullName}</span>
      </button>
      {open && (
        <Modal title={`Client onboarding: ${r.businessName}`} onClose={() => setOpen(false)} wide>
          <p>
            Submitted <When iso={r.createdAt} /> for product {r.productId}. CRM account:{' '}
            {r.crmLocationId ?? (r.simulated ? 'Demo Mode (no account created)' : 'not created')}
          </p>
          <FieldList fields={r.data} />
        </Modal>
      )}
    </>
  );
}

const clientColumns: Column<AdminClientOnboarding>[] = [
  { header: 'Submitted', cell: (r) => <When iso={r.createdAt} /> },
  {
    header: 'Client',
    cell: (r) => (
      <>
        {r.fullName}
        <br />
        <a href={`mailto:${r.email}`}>{r.email}</a>
      </>
    ),
  },
  { header: 'Business', cell: (r) => r.businessName },
  { header: 'Project', cell: (r) => String(r.data.projectType ?? '—') },
  {
    header: 'CRM account',
    cell: (r) => (
      <StatusBadge
        status={r.crmLocationId ? 'crm-account' : r.simulated ? 'demo-mode' : 'pending'}
      />
    ),
  },
  { header: 'Details', cell: (r) => <ClientOnboardingDetails r={r} /> },
];

export function ClientOnboardingView() {
  return (
    <ListView<AdminClientOnboarding>
      list="client-onboarding"
      noun="submissions"
      columns={clientColumns}
      rowKey={(r) => r.id}
      searchHint="Name, e-mail, business, any answer"
    />
  );
}
