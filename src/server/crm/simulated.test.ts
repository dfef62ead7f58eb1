import { describe, expect, it } from 'vitest';
import { readEnv } from '../env.ts';
import { getCrm } from './crm.ts';
import { meetsPasswordRules } from './password.ts';
import { SimulatedCrm } from './simulated.ts';

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
});
