/**
 * The erasure's reach into the CRM, on a fresh database: a client's Demo Mode sub-account (and
 * the one the /client-onboarding form opened) deleted with the rest; a real one that no CRM can
 * reach, or whose deletion fails, stops the erasure unless the caller leaves it, and is then kept
 * as the admin's to-do.
 */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrmError, type CrmClient } from '../../server/crm/crm';
import { deletedDemoLocations, SimulatedCrm } from '../../server/crm/simulated';
import { closeDb, type Db } from '../../server/db/client';
import { clientOnboardingSubmissions, clients, securityLog } from '../../server/db/schema';
import { useFreshTestDb } from '../../testing/test-db';
import {
  crmLeftByErasures,
  erasePerson,
  ErasureFailed,
  ErasureIncomplete,
  findPerson,
} from './privacy.server';

let db: Db;
beforeAll(async () => {
  db = await useFreshTestDb();
});
afterAll(() => closeDb());

const demo = new SimulatedCrm({ secret: 'test-secret' });

async function client(email: string, crm: { locationId: string; userId?: string | null }) {
  await db.insert(clients).values({
    email,
    name: 'Grace Hopper',
    ghlLocationId: crm.locationId,
    ghlUserId: crm.userId ?? null,
  });
}

/** A real GoHighLevel whose deletions fail. */
const failingCrm: CrmClient = {
  simulated: false,
  createClientAccount: () => Promise.reject(new CrmError('unused')),
  locationExists: async () => true,
  dashboardUrl: (id) => `https://crm.example/${id}`,
  deleteClientAccount: () =>
    Promise.reject(new CrmError('GoHighLevel DELETE locations/LOC failed with 500', 500)),
};

const lastErasureLog = async () =>
  (
    await db
      .select()
      .from(securityLog)
      .where(eq(securityLog.event, 'person.erased'))
      .orderBy(desc(securityLog.id))
      .limit(1)
  )[0]!;

describe('an erasure and the CRM', () => {
  it('deletes the Demo Mode sub-accounts of the account and of the onboarding form', async () => {
    const account = await demo.createClientAccount({
      businessName: 'Navy Labs',
      contactName: 'Grace Hopper',
      email: 'grace@example.com',
    });
    await client('grace@example.com', account);
    await db.insert(clientOnboardingSubmissions).values({
      fullName: 'Grace Hopper',
      email: 'Grace@Example.com',
      businessName: 'Navy Labs',
      data: {},
      ghlLocationId: 'demo-00000000000000aa',
      simulated: true,
    });

    const result = await erasePerson(db, 'grace@example.com', { crm: demo });

    expect(result).toEqual({
      skipped: [],
      crmLeft: [],
      counts: expect.objectContaining({
        clients: 1,
        client_onboarding_submissions: 1,
        crm_accounts: 2,
      }),
    });
    expect(deletedDemoLocations()).toEqual(
      expect.arrayContaining([account.locationId, 'demo-00000000000000aa']),
    );
    expect(await demo.locationExists(account.locationId)).toBe(false);
    expect((await lastErasureLog()).detail).toMatchObject({ skipped: [] });
  });

  it('refuses without a CRM that can reach the account; when told to leave it, keeps its id as a to-do', async () => {
    await client('hopper@example.com', { locationId: 'LOCreal1', userId: 'USRreal1' });
    const nothing = await erasePerson(db, 'hopper@example.com').catch((e: unknown) => e);
    expect(nothing).toBeInstanceOf(ErasureIncomplete);
    expect(nothing).toMatchObject({
      parts: ['crm'],
      message: 'Cannot reach GoHighLevel; nothing was erased.',
    });
    // Demo Mode cannot delete a real sub-account either.
    await expect(erasePerson(db, 'hopper@example.com', { crm: demo })).rejects.toBeInstanceOf(
      ErasureIncomplete,
    );
    expect((await findPerson(db, 'hopper@example.com')).counts.clients).toBe(1);

    const left = await erasePerson(db, 'hopper@example.com', { crm: demo, leave: ['crm'] });

    expect(left).toMatchObject({ skipped: ['crm'], crmLeft: ['LOCreal1'] });
    expect((await findPerson(db, 'hopper@example.com')).counts.clients).toBe(0);
    const todo = (await crmLeftByErasures(db)).filter((r) => r.crmLeft.includes('LOCreal1'));
    expect(todo).toEqual([
      expect.objectContaining({ kind: 'erase', email: '', clientId: null, completedBy: null }),
    ]);
    expect((await lastErasureLog()).detail).toMatchObject({
      skipped: ['crm'],
      crmLeft: ['LOCreal1'],
    });
  });

  it('stops at a failed CRM deletion, erasing nothing, unless told to leave the account', async () => {
    await client('lamarr@example.com', { locationId: 'LOCreal2' });
    const failed = await erasePerson(db, 'lamarr@example.com', { crm: failingCrm }).catch(
      (e: unknown) => e,
    );
    expect(failed).toBeInstanceOf(ErasureFailed);
    expect((failed as ErasureFailed).message).toBe(
      'GoHighLevel could not delete sub-account LOCreal2: GoHighLevel DELETE locations/LOC failed with 500',
    );
    expect((await findPerson(db, 'lamarr@example.com')).counts.clients).toBe(1);

    const left = await erasePerson(db, 'lamarr@example.com', {
      crm: failingCrm,
      leave: ['crm'],
      actor: { username: 'owner', via: 'admin' },
    });
    expect(left).toMatchObject({ skipped: ['crm'], crmLeft: ['LOCreal2'] });
    const todo = (await crmLeftByErasures(db)).filter((r) => r.crmLeft.includes('LOCreal2'));
    expect(todo).toEqual([expect.objectContaining({ completedBy: 'owner' })]);
  });
});
