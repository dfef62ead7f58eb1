import { notify } from '../../../lib/notifications';
import { requestAction } from '../../../lib/request-action';
import { loginSchema, type LoginInput } from '../admin';
import { $adminUser, AdminApiError, adminFetch, type AdminUserView } from './api';
import { rememberSession } from '../../../page-runtime/session-hint';

export { $adminUser, type AdminUserView };

type SessionAnswer = { user: AdminUserView | null; stage?: AdminUserView['stage'] };

// Every answer about the session (this check, signing in or out, a 401 anywhere) leaves the
// hint for the next visit's first paint.
$adminUser.listen((user) => rememberSession('admin', user != null));

/** A failed answer counts as signed out; a sign-in sent meanwhile has the last word. */
export async function checkSession(): Promise<void> {
  let answer: AdminUserView | null = null;
  try {
    const { user, stage } = await adminFetch<SessionAnswer>('/api/admin/me');
    answer = user ? { ...user, stage } : null;
  } catch {
    // Signed out, as far as this page knows.
  }
  if ($adminUser.get() === undefined) $adminUser.set(answer);
}

const login = requestAction(
  async (credentials: LoginInput): Promise<AdminUserView> => {
    const { user, stage } = await adminFetch<{
      user: AdminUserView;
      stage: AdminUserView['stage'];
    }>('/api/admin/login', { method: 'POST', body: credentials });
    return { ...user, stage };
  },
  (error) => (error instanceof AdminApiError ? error.message : 'Sign-in failed. Please try again.'),
);

export const $login = login.$state;

/** Answers the outcome, so the form can put focus back on the username after a refusal. */
export async function signIn(fields: {
  username: unknown;
  password: unknown;
}): Promise<'signed-in' | 'invalid' | 'refused' | 'busy'> {
  if ($login.get().busy) return 'busy';
  const parsed = loginSchema.safeParse(fields);
  if (!parsed.success) {
    login.fail(parsed.error.issues[0]?.message ?? 'Please enter your username and password');
    return 'invalid';
  }
  const user = await login.run(parsed.data);
  if (!user) return 'refused';
  $adminUser.set(user);
  return 'signed-in';
}

// Any failure of the sign-out is no failure to show: a 401 means the session had already ended.
const logout = requestAction(
  async () => {
    await adminFetch('/api/admin/logout', { method: 'POST' });
    return true as const;
  },
  () => '',
);

export function sessionEnded(reason: string): void {
  login.fail(reason);
}

export const $logout = logout.$state;

export async function signOut(): Promise<void> {
  if ($logout.get().busy) return;
  if (await logout.run())
    notify({ title: 'Signed out', description: 'You have been signed out of the admin panel.' });
  login.reset();
  $adminUser.set(null);
}
