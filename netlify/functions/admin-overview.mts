import type { Config } from '@netlify/functions';
import { getOverview } from '../../src/features/admin/admin.server.ts';
import { adminHandler } from '../../src/server/auth/guard.ts';
import { json } from '../../src/server/responses.ts';

export default adminHandler(['GET'], async (_req, { db }) => json(await getOverview(db)));

export const config: Config = { path: '/api/admin/overview', method: ['GET'] };
