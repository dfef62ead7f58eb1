import { exportPerson, findPerson } from '../../privacy/privacy.server.ts';
import { actorOf, type ErasingAdmin } from './erasure.server.ts';
import { requireRecentFactor } from '../../../server/auth/guard.ts';
import type { Db } from '../../../server/db/client.ts';
import { HttpError } from '../../../server/responses.ts';
import { getLogoStore } from '../../../server/uploads/logo.ts';

export async function findPersonForAdmin(db: Db, email: string) {
  return findPerson(db, email, { logoStore: await getLogoStore() });
}

export async function exportPersonForAdmin(
  db: Db,
  admin: ErasingAdmin,
  email: string,
  table: string | null,
): Promise<{ filename: string; contentType: string; body: string }> {
  requireRecentFactor(admin);
  const data = await exportPerson(db, email, {
    logoStore: await getLogoStore(),
    actor: actorOf(admin),
  });
  const stamp = data.exportedAt.slice(0, 10);
  if (table === null) {
    return {
      filename: `personal-data-${stamp}.json`,
      contentType: 'application/json; charset=utf-8',
      body: JSON.stringify({ ...data, csv: undefined }, null, 2),
    };
  }
  const csv = data.csv[table];
  if (csv === undefined)
    throw new HttpError(404, 'Nothing is stored in that table for this address.');
  return {
    filename: `personal-data-${table}-${stamp}.csv`,
    contentType: 'text/csv; charset=utf-8',
    body: csv,
  };
}
