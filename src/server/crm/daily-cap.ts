// Past the cap the call fails like an unreachable CRM, so the callers' "the team finishes it by
// hand" path takes over. Demo Mode creates nothing real and is not counted.
import type { Db } from '../db/client.ts';
import { hit, type RateLimit } from '../rate-limit.ts';
import { CrmError, type ClientAccount, type ClientAccountInput, type CrmClient } from './types.ts';
import { logError } from '../log.ts';

export const CRM_ACCOUNTS_PER_DAY: RateLimit = { limit: 25, windowSeconds: 24 * 60 * 60 };

const DAILY_CAP_REACHED = 'The daily limit of new CRM accounts is reached';

// The anonymous /client-onboarding form cannot spend the accounts that paying clients need.
export type PathCap = { name: string; cap: RateLimit };

export async function createAccountWithinDailyCap(
  db: Db,
  crm: CrmClient,
  input: ClientAccountInput,
  {
    cap = CRM_ACCOUNTS_PER_DAY,
    path,
    now = new Date(),
  }: { cap?: RateLimit; path?: PathCap; now?: Date } = {},
): Promise<ClientAccount> {
  if (!crm.simulated) {
    for (const [key, limit] of [
      ...(path ? ([[`crm-accounts:${path.name}:day`, path.cap]] as const) : []),
      ['crm-accounts:day', cap] as const,
    ]) {
      const counted = await hit(db, key, limit, now);
      if (!counted.allowed) {
        logError(
          `${DAILY_CAP_REACHED} (${key}: ${limit.limit}); the team finishes the rest by hand`,
        );
        throw new CrmError(DAILY_CAP_REACHED, 429);
      }
    }
  }
  return crm.createClientAccount(input);
}
