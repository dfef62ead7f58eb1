/**
 * The client dashboard (/dashboard): the GoHighLevel integration card, the marketing
 * features, project status and support, and, for a signed-in client, their own orders with
 * onboarding progress and billing. Without a session it offers an e-mailed sign-in link.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { CYCLE_LABEL } from '../catalogue/catalogue';
import { formatCents } from '../../lib/money';
import { notify } from '../../lib/notifications';
import { ONBOARDING_STATUS_LABEL, safeRedirect } from '../onboarding/onboarding';
import '../../components/form/wizard.css';
import { useHydrated } from '../../components/form/use-hydrated';
import {
  CONFIRM_EMAIL_NOTICE,
  DASHBOARD_ERROR,
  MAGIC_LINK_INVALID,
  SIGN_IN_LINK_CONFIRM,
  STATUS_ERROR,
} from '../clients/clients';
import SignInLinkForm from '../clients/SignInLinkForm';
import './dashboard.css';
import {
  MARKETING_FEATURES,
  type DashboardOrder,
  type DashboardResponse,
  type DashboardView,
} from './dashboard';

type Session =
  { state: 'loading' } | { state: 'anonymous' } | { state: 'signed-in'; view: DashboardView };
type Integration =
  { state: 'checking' } | { state: 'known'; isLinked: boolean; simulated: boolean };

type Props = { supportEmail: string };

async function getJson<T>(
  url: string,
  init?: RequestInit,
): Promise<{ ok: boolean; status: number; body: T | null }> {
  const res = await fetch(url, {
    ...init,
    headers: { Accept: 'application/json', ...init?.headers },
  });
  const body = (await res.json().catch(() => null)) as T | null;
  return { ok: res.ok, status: res.status, body };
}

export default function ClientDashboard({ supportEmail }: Props) {
  const [session, setSession] = useState<Session>({ state: 'loading' });
  const [integration, setIntegration] = useState<Integration>({ state: 'checking' });
  const [linkNotice, setLinkNotice] = useState('');
  const [demo, setDemo] = useState<{ locationId: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [pendingToken, setPendingToken] = useState<string | null>(null);
  const hydrated = useHydrated();
  const ordersHeading = useRef<HTMLHeadingElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);

  const loadStatus = useCallback(async (clientId: number) => {
    setIntegration({ state: 'checking' });
    try {
      const { ok, body } = await getJson<{ isLinked?: boolean; simulated?: boolean }>(
        `/api/gohighlevel/status/${clientId}`,
      );
      if (!ok || typeof body?.isLinked !== 'boolean') throw new Error('status');
      setIntegration({
        state: 'known',
        isLinked: body.isLinked,
        simulated: Boolean(body.simulated),
      });
    } catch {
      notify({ title: 'Error', description: STATUS_ERROR, variant: 'destructive' });
      setIntegration({ state: 'known', isLinked: false, simulated: false });
    }
  }, []);

  const load = useCallback(async () => {
    try {
      const { ok, body } = await getJson<DashboardResponse>('/api/dashboard');
      if (ok && body?.client) {
        setSession({ state: 'signed-in', view: body });
        if (body.client.id !== null) await loadStatus(body.client.id);
        else setIntegration({ state: 'known', isLinked: false, simulated: false });
        return;
      }
      if (!ok || !body)
        notify({
          title: 'Error',
          description: 'Your dashboard could not be loaded. Please reload the page.',
          variant: 'destructive',
        });
    } catch {
      notify({
        title: 'Error',
        description: 'Your dashboard could not be loaded. Please reload the page.',
        variant: 'destructive',
      });
    }
    setSession({ state: 'anonymous' });
    setIntegration({ state: 'known', isLinked: false, simulated: false });
  }, [loadStatus]);

  useEffect(() => {
    const url = new URL(window.location.href);
    const token = url.searchParams.get('token');
    if (url.searchParams.get('portal') === 'demo')
      setDemo({ locationId: url.searchParams.get('location') ?? '' });
    if (url.searchParams.get('signin') === 'invalid') setLinkNotice(MAGIC_LINK_INVALID);
    if (token) {
      // Take the single-use token out of the address bar (and history); it is used only when
      // the visitor presses Sign in, so merely opening the link signs nobody in.
      url.searchParams.delete('token');
      window.history.replaceState(null, '', url.pathname + url.search + url.hash);
      setPendingToken(token);
    }
    void load();
  }, [load]);

  const signInWithLink = async () => {
    if (!pendingToken) return;
    setBusy(true);
    try {
      const res = await fetch('/api/auth/magic', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ token: pendingToken }),
      });
      if (!res.ok) setLinkNotice(MAGIC_LINK_INVALID);
    } catch {
      setLinkNotice(MAGIC_LINK_INVALID);
    }
    setPendingToken(null);
    setBusy(false);
    await load();
  };

  const signedIn = session.state === 'signed-in' ? session.view : null;
  const isLinked = integration.state === 'known' && integration.isLinked;

  const focusSignIn = () => {
    emailInput.current?.scrollIntoView({ block: 'center' });
    emailInput.current?.focus({ preventScroll: true });
  };

  /** The client the browser may act for in the CRM; without one, the address must be confirmed first. */
  const actingId = signedIn?.client.id ?? null;

  const accessDashboard = async () => {
    if (!signedIn || actingId === null) return focusSignIn();
    setBusy(true);
    try {
      const { ok, body } = await getJson<{ dashboardUrl?: string }>(
        `/api/gohighlevel/dashboard/${actingId}`,
      );
      if (!ok || !body?.dashboardUrl) throw new Error('link');
      window.location.assign(safeRedirect(body.dashboardUrl));
    } catch {
      notify({ title: 'Error', description: DASHBOARD_ERROR, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const connect = async () => {
    if (!signedIn || actingId === null) return focusSignIn();
    setBusy(true);
    try {
      const { ok, body } = await getJson<{ isLinked?: boolean; error?: string }>(
        `/api/gohighlevel/connect/${actingId}`,
        { method: 'POST' },
      );
      if (!ok || !body?.isLinked) throw new Error(body?.error || DASHBOARD_ERROR);
      notify({ title: 'Account linked', description: 'Your GoHighLevel account is ready to use.' });
      await loadStatus(actingId);
    } catch (error) {
      notify({
        title: 'Error',
        description: error instanceof Error ? error.message : DASHBOARD_ERROR,
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };

  const viewProject = () => {
    if (!signedIn) return focusSignIn();
    ordersHeading.current?.scrollIntoView({ block: 'start' });
    ordersHeading.current?.focus({ preventScroll: true });
  };

  const signOut = async (everywhere = false) => {
    await fetch(everywhere ? '/api/auth/signout-everywhere' : '/api/auth/signout', {
      method: 'POST',
    }).catch(() => undefined);
    window.location.assign('/dashboard');
  };

  const orders = signedIn?.orders ?? [];
  const done = orders.filter((o) => o.onboarding.status === 'completed').length;

  return (
    <div className="db">
      <header className="db-head">
        <div>
          <h1>Your Client Dashboard</h1>
          <p className="lead">
            {signedIn
              ? `Welcome back${signedIn.client.name ? `, ${signedIn.client.name}` : ''}. Here is everything about your projects in one place.`
              : 'Track your projects, finish onboarding and open your marketing platform.'}
          </p>
        </div>
        <div className="db-head__actions">
          <a className="db-back" href="/">
            ← Back to Home
          </a>
          {signedIn && (
            <button type="button" className="btn btn--ghost btn--sm" onClick={() => void signOut()}>
              Sign out
            </button>
          )}
          {signedIn?.wholeAccount && (
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              onClick={() => void signOut(true)}
            >
              Sign out everywhere
            </button>
          )}
        </div>
      </header>

      {demo && (
        <div className="ob-notice ob-notice--demo" role="note">
          <p className="ob-notice__title">Demo Mode</p>
          <p>
            This is the demo client portal. GoHighLevel is not connected in this environment, so the
            marketing account
            {demo.locationId ? ` (${demo.locationId})` : ''} is simulated. With a live connection,
            this opens your GoHighLevel dashboard.
          </p>
        </div>
      )}

      {linkNotice && (
        <div className="ob-notice ob-notice--error" role="alert">
          <p>{linkNotice}</p>
        </div>
      )}

      {pendingToken && (
        <section className="ob-card db-signin" aria-labelledby="db-link-title">
          <h2 id="db-link-title">Sign in to your client dashboard</h2>
          <p>{SIGN_IN_LINK_CONFIRM}</p>
          <button
            type="button"
            className="btn"
            onClick={() => void signInWithLink()}
            disabled={busy}
          >
            Sign in
          </button>
        </section>
      )}

      {signedIn && !signedIn.wholeAccount && (
        <ConfirmEmail email={signedIn.client.email} inputRef={emailInput} />
      )}

      <div className="db-grid">
        <section className="ob-card db-card" aria-labelledby="db-integration">
          <h2 id="db-integration">GoHighLevel Integration</h2>
          <p className="db-status" role="status">
            {integration.state === 'checking' ? (
              <span className="badge">Checking…</span>
            ) : isLinked ? (
              <span className="badge badge--success">Connected</span>
            ) : (
              <span className="badge badge--danger">Not Connected</span>
            )}
          </p>
          <p>
            {isLinked
              ? 'Your marketing platform account is linked. Open it to run campaigns and follow up with leads.'
              : signedIn && actingId !== null
                ? 'Connect your marketing platform account to manage campaigns, contacts and automations.'
                : signedIn
                  ? 'Confirm your e-mail address with a sign-in link to connect your marketing platform account.'
                  : 'Sign in to connect your marketing platform account.'}
          </p>
          {integration.state === 'known' && integration.simulated && signedIn && (
            <p className="muted db-small">
              Demo Mode: the GoHighLevel connection is simulated in this environment.
            </p>
          )}
          {isLinked ? (
            <button
              type="button"
              className="btn"
              onClick={() => void accessDashboard()}
              disabled={busy}
            >
              Access GoHighLevel Dashboard
            </button>
          ) : (
            <button
              type="button"
              className="btn"
              onClick={() => void connect()}
              disabled={busy || integration.state === 'checking'}
            >
              Connect to GoHighLevel
            </button>
          )}
        </section>

        <section className="ob-card db-card" aria-labelledby="db-features">
          <h2 id="db-features">Marketing Platform Features</h2>
          <ul className="check-list db-features">
            {MARKETING_FEATURES.map((f) => (
              <li key={f.title}>
                <strong>{f.title}</strong>
                <span className="muted"> — {f.text}</span>
              </li>
            ))}
          </ul>
        </section>

        <section className="ob-card db-card" aria-labelledby="db-project">
          <h2 id="db-project">Project Status</h2>
          <p>
            {signedIn
              ? orders.length
                ? `${orders.length} ${orders.length === 1 ? 'order' : 'orders'}, ${done} with onboarding complete.`
                : 'No orders yet.'
              : 'Sign in to see the status of your projects.'}
          </p>
          <button
            type="button"
            className="btn btn--secondary"
            onClick={viewProject}
            disabled={!hydrated}
          >
            View Project
          </button>
        </section>

        <section className="ob-card db-card" aria-labelledby="db-support">
          <h2 id="db-support">Support</h2>
          <p>
            Questions about your project? Our team answers within one business day, or write to{' '}
            <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
          </p>
          <button
            type="button"
            className="btn btn--outline"
            onClick={() => window.location.assign('/contact')}
            disabled={!hydrated}
          >
            Contact Support
          </button>
        </section>
      </div>

      {session.state === 'loading' && (
        <div className="ob-center" role="status">
          <span className="spinner" aria-hidden="true" />
          <p>Loading your dashboard…</p>
        </div>
      )}

      {signedIn && (
        <section className="db-orders" aria-labelledby="db-orders-title">
          <h2 id="db-orders-title" ref={ordersHeading} tabIndex={-1}>
            Your Orders
          </h2>
          {orders.length === 0 ? (
            <p>
              You have no orders yet. <a href="/products">Browse our products</a>.
            </p>
          ) : (
            <ul className="db-order-list">
              {orders.map((order) => (
                <OrderCard key={order.id} order={order} />
              ))}
            </ul>
          )}
          {signedIn.billing.hasSubscription && <Billing simulated={signedIn.billing.simulated} />}
        </section>
      )}

      {session.state === 'anonymous' && !pendingToken && <SignIn inputRef={emailInput} />}
    </div>
  );
}

function OrderCard({ order }: { order: DashboardOrder }) {
  const status = order.onboarding.status;
  const date = new Date(order.createdAt).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
  return (
    <li className="ob-card db-order" data-order-id={order.id}>
      <div className="db-order__main">
        <h3>{order.productName}</h3>
        <p className="muted db-small">
          Order {order.orderNumber} · {date} · {formatCents(order.amountCents)}
        </p>
        {order.items.length > 1 && (
          <ul className="db-items">
            {order.items.map((item, i) => (
              <li key={i}>
                {item.name}
                {item.quantity > 1 ? ` × ${item.quantity}` : ''} ({CYCLE_LABEL[item.billingCycle]})
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="db-order__side">
        <span
          className={`badge ${status === 'completed' ? 'badge--success' : status === 'in-progress' ? 'badge--accent' : ''}`}
        >
          {ONBOARDING_STATUS_LABEL[status]}
        </span>
        {status === 'in-progress' && (
          <span className="muted db-small">
            {order.onboarding.stepsSaved} of {order.onboarding.totalSteps} steps saved
          </span>
        )}
        {status !== 'completed' && (
          <a className="btn btn--sm" href={order.onboarding.path}>
            {status === 'not-started' ? 'Start onboarding' : 'Continue onboarding'}
            <span className="sr-only"> for order {order.orderNumber}</span>
          </a>
        )}
      </div>
    </li>
  );
}

function Billing({ simulated }: { simulated: boolean }) {
  const [busy, setBusy] = useState(false);
  const noteId = useId();
  const open = async () => {
    setBusy(true);
    try {
      const { ok, body } = await getJson<{ url?: string; error?: string }>('/api/billing-portal', {
        method: 'POST',
      });
      if (!ok || !body?.url)
        throw new Error(body?.error || 'The billing portal could not be opened. Please try again.');
      window.location.assign(body.url);
    } catch (error) {
      notify({ title: 'Error', description: (error as Error).message, variant: 'destructive' });
      setBusy(false);
    }
  };
  return (
    <div className="ob-card db-billing">
      <h3>Subscription billing</h3>
      <p>Update your payment method, download invoices or cancel your subscription at any time.</p>
      {simulated ? (
        <>
          <button
            type="button"
            className="btn btn--outline"
            aria-disabled="true"
            aria-describedby={noteId}
          >
            Manage billing
          </button>
          <p id={noteId} className="muted db-small">
            Payments are simulated in this environment, so there is no Stripe billing account to
            manage. On the live site this opens the secure Stripe billing portal.
          </p>
        </>
      ) : (
        <button
          type="button"
          className="btn btn--outline"
          onClick={() => void open()}
          disabled={busy}
        >
          Manage billing
        </button>
      )}
    </div>
  );
}

/** An order session's way to the whole account: a sign-in link to the address on the order. */
function ConfirmEmail({
  email,
  inputRef,
}: {
  email: string;
  inputRef: React.RefObject<HTMLInputElement | null>;
}) {
  return (
    <SignIn
      inputRef={inputRef}
      initialEmail={email}
      title="Confirm your e-mail address"
      intro={CONFIRM_EMAIL_NOTICE}
    />
  );
}

function SignIn({
  inputRef,
  initialEmail = '',
  title = 'Sign in to see your orders',
  intro = 'Enter the e-mail address you used at checkout and we will e-mail you a secure sign-in link.',
}: {
  inputRef: React.RefObject<HTMLInputElement | null>;
  initialEmail?: string;
  title?: string;
  intro?: string;
}) {
  const titleId = useId();
  return (
    <section className="ob-card db-signin" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <p>{intro}</p>
      <SignInLinkForm
        inputRef={inputRef}
        initialEmail={initialEmail}
        submitLabel="Email me a sign-in link"
      />
    </section>
  );
}
