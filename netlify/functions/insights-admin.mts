import type { Config } from '@netlify/functions';
import { insightsQuerySchema } from '../../src/features/insights/insights.ts';
import { insightsCsv, readInsights } from '../../src/features/insights/insights.server.ts';
import { adminHandler } from '../../src/server/auth/guard.ts';
import { json } from '../../src/server/responses.ts';

export default adminHandler(['GET'], async (_req, { db, url }) => {
  const query = insightsQuerySchema.parse(Object.fromEntries(url.searchParams));
  const insights = await readInsights(db, query.range);
  return query.format === 'csv' ? insightsCsv(insights) : json(insights);
});

export const config: Config = { path: '/api/admin/insights', method: ['GET'] };
