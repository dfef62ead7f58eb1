import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import {
  LATEST_MIGRATION_FILE,
  latestMigrationSource,
  newestMigration,
} from '../../../scripts/latest-migration';
import { LATEST_MIGRATION } from './latest-migration';

describe('the newest migration the deployed code knows of', () => {
  it('is the newest in netlify/database/migrations (run `npm run db:generate` to update it)', async () => {
    const newest = await newestMigration();
    expect(LATEST_MIGRATION).toBe(newest);
    expect(await readFile(LATEST_MIGRATION_FILE, 'utf8')).toBe(latestMigrationSource(newest));
  });
});
