// Stripe and GoHighLevel are not asked again (erased there already, or the CRM to-do is in the
// newer database); the logos the restore put back in Blobs are removed.
import type { Db } from '../../server/db/client.ts';
import { addCounts, type TableCounts } from '../../server/privacy/personal-data.ts';
import type { LogoStore } from '../../server/uploads/logo.ts';
import {
  erasedAddressesIn,
  type ErasureRecord,
  type RestoredPeople,
} from './erasure-records.server.ts';
import { eraseIdentified } from './erasure.server.ts';
import { identifyPerson } from './person.server.ts';

export function erasureRecordOfRow(row: Record<string, unknown>): ErasureRecord {
  return {
    addressDigest: typeof row.address_digest === 'string' ? row.address_digest : null,
    erasedAt: new Date(String(row.erased_at)),
  };
}

export function restoredPeopleCollector(): {
  people: RestoredPeople;
  onRow: (table: string, row: Record<string, unknown>) => void;
} {
  const people: RestoredPeople = { addresses: new Set() };
  const ADDRESS = /^[^\s@]+@[^\s@]+$/;
  const take = (value: unknown) => {
    if (typeof value === 'string' && ADDRESS.test(value.trim()))
      people.addresses.add(value.trim().toLowerCase());
  };
  return {
    people,
    onRow(_table, row) {
      for (const value of Object.values(row)) {
        if (Array.isArray(value)) value.forEach(take);
        else take(value);
      }
    },
  };
}

export async function reapplyErasures(
  db: Db,
  records: ErasureRecord[],
  people: RestoredPeople,
  options: { takenAt: Date; logoStore?: LogoStore | undefined; now?: Date },
): Promise<{ addresses: number; counts: TableCounts }> {
  const addresses = erasedAddressesIn(records, people, options.takenAt);
  const all: TableCounts[] = [];
  for (const address of addresses) {
    const person = await identifyPerson(db, address);
    const { counts } = await eraseIdentified(db, person, {
      logoStore: options.logoStore,
      leave: ['stripe_customers', 'crm', ...(options.logoStore ? [] : ['logos' as const])],
      reapplied: true,
      now: options.now,
    });
    all.push(counts);
  }
  return { addresses: addresses.length, counts: addCounts(...all) };
}
