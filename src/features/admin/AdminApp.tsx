import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import './admin.css';
import { AdminPanel } from './AdminPanel';
import { LoginForm } from './LoginForm';
import { EnrolFactorScreen, VerifyFactorScreen } from './SecondFactor';
import { $adminUser, checkSession } from './session.store';

/**
 * /admin: asks the server who is signed in, then shows the login form, the second-factor
 * screen (enrol a first factor, or verify one) or the panel.
 * `timeSlots` come from the page (meeting.ts), keeping classic zod out of this island.
 */
export default function AdminApp({
  timeSlots,
  company,
}: {
  timeSlots: readonly string[];
  /** The agency's name (settings.json). */
  company: string;
}) {
  const user = useStore($adminUser);

  useEffect(() => void checkSession(), []);

  if (user === undefined) {
    // As tall as the sign-in card that usually replaces it: the page keeps its height.
    return (
      <p className="admin-checking admin-checking--card" role="status">
        <span className="spinner" aria-hidden="true" /> Checking your session...
      </p>
    );
  }
  if (!user) return <LoginForm company={company} />;
  if (user.stage === 'enrol') return <EnrolFactorScreen username={user.username} />;
  if (user.stage === 'verify') return <VerifyFactorScreen username={user.username} />;
  return <AdminPanel user={user} timeSlots={timeSlots} />;
}
