/**
 * The CRM (GoHighLevel) behind one interface. With GHL_API_KEY and GHL_COMPANY_ID set, the
 * real LeadConnector API is used; without them the simulated "Demo Mode" of the spec answers
 * with deterministic fake accounts, so local runs and tests never need the network.
 */
import { readEnv, type ServerEnv } from '../env.ts';
import { GhlClient } from './ghl.ts';
import { SimulatedCrm } from './simulated.ts';
import type { CrmClient } from './types.ts';

export * from './types.ts';

/** The CRM for the current environment (read at call time), or for the keys a command was given. */
export function getCrm(
  env: Pick<ServerEnv, 'ghlApiKey' | 'ghlCompanyId' | 'ghlApiBase' | 'sessionSecret'> = readEnv(),
): CrmClient {
  if (env.ghlApiKey && env.ghlCompanyId) {
    return new GhlClient({
      apiKey: env.ghlApiKey,
      companyId: env.ghlCompanyId,
      apiBase: env.ghlApiBase,
    });
  }
  return new SimulatedCrm({ secret: env.sessionSecret });
}
