import type { Db } from '../../server/db/client.ts';
import {
  addKeys,
  personWith,
  type HeldRows,
  type Person,
  type TableCounts,
} from '../../server/privacy/personal-data.ts';
import { PERSONAL_DATA_OWNER_LIST } from './personal-data-owners.server.ts';

export async function identifyPerson(db: Db, email: string): Promise<Person> {
  let person = personWith(email);
  for (const owner of PERSONAL_DATA_OWNER_LIST) {
    if (owner.identify) person = addKeys(person, await owner.identify(db, person));
  }
  return person;
}

export const countsOf = (held: HeldRows): TableCounts =>
  Object.fromEntries(Object.entries(held).map(([table, rows]) => [table, rows.length]));

export async function heldBy(db: Db, person: Person): Promise<HeldRows> {
  const held: HeldRows = {};
  for (const owner of PERSONAL_DATA_OWNER_LIST) Object.assign(held, await owner.holds(db, person));
  return held;
}

export type PrivacyActor = {
  userId?: number | null;
  username?: string | null;
  ip?: string | null;
  via: 'admin' | 'command' | 'client';
};

export function actorFields(actor: PrivacyActor | undefined) {
  return {
    userId: actor?.userId ?? null,
    username: actor?.username ?? null,
    ip: actor?.ip ?? null,
  };
}
