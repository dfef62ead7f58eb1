import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import './admin.css';
import { AdminPanel } from './AdminPanel';
import { $adminUser, adminFetch, type AdminUserView } from './api';
import { LoginForm } from './LoginForm';

/**
 * /admin: asks the server who is signed in, then shows the login form or the panel.
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

  useEffect(() => {
    adminFetch<{ user: AdminUserView | null }>('/api/admin/me')
      .then(({ user: u }) => $adminUser.set(u))
      .catch(() => $adminUser.set(null));
  }, []);

  if (user === undefined) {
    return (
      <p className="admin-checking" role="status">
        <span className="spinner" aria-hidden="true" /> Checking your session...
      </p>
    );
  }
  return user ? <AdminPanel user={user} timeSlots={timeSlots} /> : <LoginForm company={company} />;
}
