// Derived from the address with an HMAC: the same client always gets the same demo sub-account,
// and nobody can guess another's.
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

const deletedDemoAccounts = new Set<string>();

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

  dashboardUrl(locationId: string): string {
    return `/dashboard/demo-portal?location=${encodeURIComponent(locationId)}`;
  }
}
