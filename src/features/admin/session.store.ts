/**
 * The admin's session in the browser (AdminApp, LoginForm and AdminPanel only read these and
 * call these): who is signed in (`$adminUser`, api.ts), the check on opening /admin, signing
 * in and signing out.
 */
import { notify } from '../../lib/notifications';
import { requestAction } from '../../lib/request-action';
import { loginSchema, type LoginInput } from './admin';
import { $adminUser, AdminApiError, adminFetch, type AdminUserView } from './api';
import { rememberAdminSession } from './session-hint';

/** Who is signed in (undefined: not checked yet; null: signed out); api.ts keeps it. */
export { $adminUser, type AdminUserView };

type SessionAnswer = { user: AdminUserView | null; stage?: AdminUserView['stage'] };

// Every answer about the session (this check, signing in or out, a 401 anywhere) leaves the
// hint for the next visit's first paint.
$adminUser.listen((user) => rememberAdminSession(user != null));

/**
 * Asks the server who is signed in; an answer that fails counts as signed out. A sign-in sent
 * from the server-rendered form while this was on its way has the last word.
 */
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

/**
 * The sign-in form's request: busy while it runs, and the sentence of a refusal (wrong
 * password, rate limit) or of fields the browser refused.
 */
export const $login = login.$state;

/**
 * "Sign in": checks the fields in the browser first, then asks the server. Answers what
 * happened, so the form can put focus back on the username after a refusal.
 */
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

/**
 * The server ended the session while a second-factor screen was open (too many wrong answers,
 * or it expired): the sign-in form that replaces the screen says why.
 */
export function sessionEnded(reason: string): void {
  login.fail(reason);
}

/** "Sign out" while it runs (its button is disabled meanwhile). */
export const $logout = logout.$state;

/** Ends the session on the server; either way the panel shows the login form after. */
export async function signOut(): Promise<void> {
  if ($logout.get().busy) return;
  if (await logout.run())
    notify({ title: 'Signed out', description: 'You have been signed out of the admin panel.' });
  login.reset();
  $adminUser.set(null);
}
