/**
 * The admin's person view: everything stored about one e-mail address, found and exported by
 * composing the privacy feature (which composes every table's owner); erasure.server.ts erases.
 * Exports ask for the second factor again when the last one is over 10 minutes old, and are
 * logged (without the address) by the privacy feature.
 */
import { exportPerson, findPerson } from '../privacy/privacy.server.ts';
import { actorOf, type ErasingAdmin } from './erasure.server.ts';
import { requireRecentFactor } from '../../server/auth/guard.ts';
import type { Db } from '../../server/db/client.ts';
import { HttpError } from '../../server/responses.ts';
import { getLogoStore } from '../../server/uploads/logo.ts';

/** What is stored about `email`: rows per table and the logos in Blobs. */
export async function findPersonForAdmin(db: Db, email: string) {
  return findPerson(db, email, { logoStore: await getLogoStore() });
}

/** The person's data as one JSON file, or one table as CSV (step-up). */
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
