import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect } from 'react';
import './shell/admin.css';
import { LoginForm } from './shell/LoginForm';
import { EnrolFactorScreen, VerifyFactorScreen } from './security/SecondFactor';
import { $adminUser, checkSession } from './shell/session.store';

// A chunk of its own, fetched once signed in: the sign-in screen never downloads or runs it.
const AdminPanel = lazy(() =>
  import('./shell/AdminPanel').then((m) => ({ default: m.AdminPanel })),
);

/** `timeSlots` come from the page (meeting.ts), keeping classic zod out of this island. */
export default function AdminApp({
  timeSlots,
  company,
}: {
  timeSlots: readonly string[];
  company: string;
}) {
  const user = useStore($adminUser);

  useEffect(() => void checkSession(), []);

  // As tall as the sign-in card that usually replaces it: the page keeps its height.
  const checking = (standin = false) => (
    <p
      key="checking"
      className="admin-checking admin-checking--card"
      role="status"
      data-standin={standin || undefined}
    >
      <span className="spinner" aria-hidden="true" /> Checking your session...
    </p>
  );
  // Before the server answers: the two stand-ins the page's StandIn chooses between with
  // CSS (the server's HTML is this render). Signed out, the sign-in card then stays as it is.
  if (user === undefined) {
    return (
      <>
        {checking(true)}
        <LoginForm key="login" company={company} standin />
      </>
    );
  }
  if (!user) return <LoginForm key="login" company={company} />;
  if (user.stage === 'enrol') return <EnrolFactorScreen username={user.username} />;
  if (user.stage === 'verify') return <VerifyFactorScreen username={user.username} />;
  return (
    <Suspense fallback={checking()}>
      <AdminPanel user={user} timeSlots={timeSlots} />
    </Suspense>
  );
}
