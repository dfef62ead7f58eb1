import {
  erasePerson,
  ErasureFailed,
  ErasureIncomplete,
  type ErasureReach,
  type PrivacyActor,
} from '../../privacy/privacy.server.ts';
import { requireRecentFactor } from '../../../server/auth/guard.ts';
import type { AdminSession } from '../../../server/auth/session.ts';
import { getCrm } from '../../../server/crm/crm.ts';
import type { Db } from '../../../server/db/client.ts';
import { readEnv } from '../../../server/env.ts';
import { customerEraserFor } from '../../../server/payments/customers.ts';
import { HttpError } from '../../../server/responses.ts';
import { getLogoStore } from '../../../server/uploads/logo.ts';

export type ErasingAdmin = AdminSession & { ip: string };

export const actorOf = (admin: ErasingAdmin): PrivacyActor => ({
  userId: admin.id,
  username: admin.username,
  ip: admin.ip,
  via: 'admin',
});

/** Stripe where a key is configured, the logo store, and the CRM (Demo Mode without a key). */
export async function erasureReach(): Promise<ErasureReach> {
  const env = readEnv();
  return {
    stripe: await customerEraserFor(env),
    logoStore: await getLogoStore(),
    crm: getCrm(env),
  };
}

/** 409 when a part holding data is unreachable, 502 when one failed: nothing is erased then. */
export async function erasePersonForAdmin(db: Db, admin: ErasingAdmin, email: string) {
  requireRecentFactor(admin);
  try {
    return await erasePerson(db, email, { ...(await erasureReach()), actor: actorOf(admin) });
  } catch (error) {
    if (error instanceof ErasureIncomplete) throw new HttpError(409, error.message);
    if (error instanceof ErasureFailed)
      throw new HttpError(502, `${error.message}. Nothing in the database was erased.`);
    throw error;
  }
}
