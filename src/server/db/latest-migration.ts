// Written by `npm run db:generate` (scripts/latest-migration.ts); do not edit.
export const LATEST_MIGRATION = '0022_insights_rollups';
