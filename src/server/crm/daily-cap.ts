/**
 * A ceiling on real CRM accounts created per day, across every path that creates one (client
 * onboarding, the dashboard's Connect). Each account is a sub-account and an admin login in
 * the agency's GoHighLevel: whatever slips past the other checks cannot turn into an
 * unbounded number of them. Past the cap the call fails like an unreachable CRM, so the
 * callers' "the team finishes it by hand" path takes over. Demo Mode creates nothing real and
 * is not counted.
 */
import type { Db } from '../db/client.ts';
import { hit, type RateLimit } from '../rate-limit.ts';
import { CrmError, type ClientAccount, type ClientAccountInput, type CrmClient } from './types.ts';

export const CRM_ACCOUNTS_PER_DAY: RateLimit = { limit: 25, windowSeconds: 24 * 60 * 60 };

const DAILY_CAP_REACHED = 'The daily limit of new CRM accounts is reached';

export async function createAccountWithinDailyCap(
  db: Db,
  crm: CrmClient,
  input: ClientAccountInput,
  { cap = CRM_ACCOUNTS_PER_DAY, now = new Date() }: { cap?: RateLimit; now?: Date } = {},
): Promise<ClientAccount> {
  if (!crm.simulated) {
    const counted = await hit(db, 'crm-accounts:day', cap, now);
    if (!counted.allowed) {
      console.error(`${DAILY_CAP_REACHED} (${cap.limit}); the team finishes the rest by hand`);
      throw new CrmError(DAILY_CAP_REACHED, 429);
    }
  }
  return crm.createClientAccount(input);
}
