/**
 * Demo Mode: no GoHighLevel account is configured, so accounts are simulated. Ids and
 * passwords are derived from the e-mail address with an HMAC, so the same client always
 * gets the same demo sub-account (tests can rely on it) and nobody can guess another's.
 */
import { createHmac } from 'node:crypto';
import {
  CrmError,
  DEMO_LOCATION_PREFIX,
  isDemoLocation,
  type ClientAccount,
  type ClientAccountInput,
  type CrmAccountToDelete,
  type CrmClient,
} from './types.ts';
import { temporaryPassword } from './password.ts';

/** The demo sub-accounts an erasure deleted, in this process (nothing real was ever made). */
const deletedDemoAccounts = new Set<string>();

/** What Demo Mode recorded as deleted, oldest first. */
export function deletedDemoLocations(): string[] {
  return [...deletedDemoAccounts];
}

export class SimulatedCrm implements CrmClient {
  readonly simulated = true;

  private readonly options: { secret: string };

  constructor(options: { secret: string }) {
    this.options = options;
  }

  private derive(label: string, email: string): Buffer {
    return createHmac('sha256', this.options.secret)
      .update(`${label}:${email.trim().toLowerCase()}`)
      .digest();
  }

  async createClientAccount(input: ClientAccountInput): Promise<ClientAccount> {
    const locationId = `${DEMO_LOCATION_PREFIX}${this.derive('location', input.email).toString('hex').slice(0, 16)}`;
    deletedDemoAccounts.delete(locationId);
    return {
      locationId,
      userId: `demo-user-${this.derive('user', input.email).toString('hex').slice(0, 12)}`,
      tempPassword: temporaryPassword(this.derive('password', input.email)),
      dashboardUrl: this.dashboardUrl(locationId),
      simulated: true,
    };
  }

  async locationExists(locationId: string): Promise<boolean> {
    return isDemoLocation(locationId) && !deletedDemoAccounts.has(locationId);
  }

  /** Records the deletion; a real sub-account is out of Demo Mode's reach. */
  async deleteClientAccount({ locationId }: CrmAccountToDelete): Promise<'deleted' | 'missing'> {
    if (!isDemoLocation(locationId)) {
      throw new CrmError(
        `Demo Mode cannot reach GoHighLevel to delete sub-account ${locationId}: set GHL_API_KEY and GHL_COMPANY_ID`,
      );
    }
    if (deletedDemoAccounts.has(locationId)) return 'missing';
    deletedDemoAccounts.add(locationId);
    return 'deleted';
  }

  /** The demo portal: a page saying that no portal exists and what the real one shows. */
  dashboardUrl(locationId: string): string {
    return `/dashboard/demo-portal?location=${encodeURIComponent(locationId)}`;
  }
}
