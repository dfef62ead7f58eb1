/** GET /api/admin/me: who is signed in (401 when nobody is). */
import { adminHandler } from '../../src/server/auth/guard.ts';
import { json } from '../../src/server/http.ts';

export default adminHandler(['GET'], (_req, { user }) =>
  json({ user: { username: user.username } }),
);

export const config = { path: '/api/admin/me', method: ['GET'] };
