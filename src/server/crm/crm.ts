import { readEnv, type ServerEnv } from '../env.ts';
import { GhlClient } from './ghl.ts';
import { SimulatedCrm } from './simulated.ts';
import type { CrmClient } from './types.ts';

export * from './types.ts';

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
