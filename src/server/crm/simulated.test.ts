import { describe, expect, it } from 'vitest';
import { readEnv } from '../env.ts';
import { getCrm } from './crm.ts';
import { meetsPasswordRules } from './password.ts';
import { deletedDemoLocations, SimulatedCrm } from './simulated.ts';
import { CrmError } from './types.ts';

const input = {
  businessName: 'Acme Bakery',
  contactName: 'Ada Lovelace',
  email: 'Ada@Example.com',
};

describe('Demo Mode (simulated CRM)', () => {
  it('is used when no API key is configured', () => {
    expect(getCrm(readEnv({})).simulated).toBe(true);
    expect(getCrm(readEnv({ GHL_API_KEY: 'only-a-key' })).simulated).toBe(true);
  });

  it('answers with a deterministic fake account marked simulated', async () => {
    const crm = new SimulatedCrm({ secret: 'test-secret' });
    const first = await crm.createClientAccount(input);
    const again = await crm.createClientAccount({ ...input, email: 'ada@example.com ' });
    expect(first).toEqual(again);
    expect(first.simulated).toBe(true);
    expect(first.locationId).toMatch(/^demo-[0-9a-f]{16}$/);
    expect(meetsPasswordRules(first.tempPassword!)).toBe(true);
    expect(first.dashboardUrl).toBe(`/dashboard/demo-portal?location=${first.locationId}`);
    expect(await crm.locationExists(first.locationId)).toBe(true);
  });

  it('gives different clients different accounts, and depends on the secret', async () => {
    const crm = new SimulatedCrm({ secret: 'test-secret' });
    const a = await crm.createClientAccount(input);
    const b = await crm.createClientAccount({ ...input, email: 'grace@example.com' });
    const c = await new SimulatedCrm({ secret: 'other' }).createClientAccount(input);
    expect(a.locationId).not.toBe(b.locationId);
    expect(a.tempPassword).not.toBe(b.tempPassword);
    expect(a.locationId).not.toBe(c.locationId);
  });

  it('does not recognise real sub-account ids', async () => {
    expect(await new SimulatedCrm({ secret: 's' }).locationExists('LOC123abc')).toBe(false);
  });

  it('records the deletion of a demo sub-account, which then no longer exists', async () => {
    const crm = new SimulatedCrm({ secret: 'test-secret' });
    const account = await crm.createClientAccount({ ...input, email: 'leaver@example.com' });
    const toDelete = { locationId: account.locationId, userIds: [], email: 'leaver@example.com' };
    expect(await crm.deleteClientAccount(toDelete)).toBe('deleted');
    expect(deletedDemoLocations()).toContain(account.locationId);
    expect(
      await new SimulatedCrm({ secret: 'test-secret' }).locationExists(account.locationId),
    ).toBe(false);
    expect(await crm.deleteClientAccount(toDelete)).toBe('missing');
    // The same address signing up again gets its demo account back.
    await crm.createClientAccount({ ...input, email: 'leaver@example.com' });
    expect(await crm.locationExists(account.locationId)).toBe(true);
  });

  it('cannot delete a real sub-account', async () => {
    const crm = new SimulatedCrm({ secret: 's' });
    await expect(
      crm.deleteClientAccount({ locationId: 'LOC123abc', userIds: [], email: 'a@example.com' }),
    ).rejects.toBeInstanceOf(CrmError);
  });
});
