import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { Icon } from '../../../components/ui/Icon';
import { ContactMessagesView, MeetingRequestsView } from '../inbox/InboxViews';
import { ClientOnboardingView, OrderOnboardingView } from '../inbox/OnboardingViews';
import { OrdersView } from '../orders/OrdersView';
import { OutboxView } from '../outbox/OutboxView';
import { OverviewView } from '../overview/OverviewView';
import { InsightsView } from '../insights/InsightsView';
import { StepUpDialog } from '../security/SecondFactor';
import { PersonView } from '../people/PersonView';
import { SecurityLogView } from '../security/SecurityLogView';
import { SecurityView } from '../security/SecurityView';
import { $logout, signOut, type AdminUserView } from './session.store';

const VIEWS = [
  { id: 'overview', label: 'Overview' },
  { id: 'insights', label: 'Insights' },
  { id: 'orders', label: 'Orders' },
  { id: 'contact-messages', label: 'Contact messages' },
  { id: 'meeting-requests', label: 'Meeting requests' },
  { id: 'order-onboarding', label: 'Order onboarding' },
  { id: 'client-onboarding', label: 'Client onboarding' },
  { id: 'outbox', label: 'E-mail outbox' },
  { id: 'people', label: 'Personal data' },
  { id: 'security', label: 'Security' },
  { id: 'security-log', label: 'Security log' },
] as const;

type ViewId = (typeof VIEWS)[number]['id'];

const fromHash = (): ViewId => {
  const id = window.location.hash.slice(1);
  return VIEWS.some((v) => v.id === id) ? (id as ViewId) : 'overview';
};

/** One view at a time, chosen by the URL hash so reload and Back work. */
export function AdminPanel({
  user,
  timeSlots,
}: {
  user: AdminUserView;
  timeSlots: readonly string[];
}) {
  const [view, setView] = useState<ViewId>(fromHash);
  const { busy: signingOut } = useStore($logout);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const navigated = useRef(false);

  useEffect(() => {
    const onHash = () => {
      navigated.current = true;
      setView(fromHash());
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  // After choosing a view, move focus to its heading so screen readers hear where they are.
  useEffect(() => {
    if (navigated.current) headingRef.current?.focus();
  }, [view]);

  const go = (id: string) => {
    if (window.location.hash !== `#${id}`) window.location.hash = id;
  };

  const current = VIEWS.find((v) => v.id === view)!;

  return (
    <div className="admin-panel">
      <div className="admin-bar">
        <p className="admin-bar__user">
          Signed in as <strong>{user.username}</strong>
        </p>
        <button
          className="btn btn--outline btn--sm"
          type="button"
          onClick={() => void signOut()}
          disabled={signingOut}
        >
          <Icon name="lock" /> Sign out
        </button>
      </div>
      <nav className="admin-nav" aria-label="Admin sections">
        <ul>
          {VIEWS.map((v) => (
            <li key={v.id}>
              <a href={`#${v.id}`} aria-current={v.id === view ? 'page' : undefined}>
                {v.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <section className="admin-view" aria-labelledby="admin-view-title">
        <h2 id="admin-view-title" ref={headingRef} tabIndex={-1}>
          {current.label}
        </h2>
        {view === 'overview' && <OverviewView go={go} />}
        {view === 'insights' && <InsightsView />}
        {view === 'orders' && <OrdersView />}
        {view === 'contact-messages' && <ContactMessagesView />}
        {view === 'meeting-requests' && <MeetingRequestsView timeSlots={timeSlots} />}
        {view === 'order-onboarding' && <OrderOnboardingView />}
        {view === 'client-onboarding' && <ClientOnboardingView />}
        {view === 'outbox' && <OutboxView />}
        {view === 'people' && <PersonView />}
        {view === 'security' && <SecurityView />}
        {view === 'security-log' && <SecurityLogView />}
      </section>
      <StepUpDialog />
    </div>
  );
}
