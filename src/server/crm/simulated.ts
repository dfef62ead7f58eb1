/**
 * Demo Mode: no GoHighLevel account is configured, so accounts are simulated. Ids and
 * passwords are derived from the e-mail address with an HMAC, so the same client always
 * gets the same demo sub-account (tests can rely on it) and nobody can guess another's.
 */
import { createHmac } from 'node:crypto';
import type { ClientAccount, ClientAccountInput, CrmClient } from './types.ts';
import { temporaryPassword } from './password.ts';

const DEMO_LOCATION_PREFIX = 'demo-';

export class SimulatedCrm implements CrmClient {
  readonly simulated = true;

  constructor(private readonly options: { secret: string }) {}

  private derive(label: string, email: string): Buffer {
    return createHmac('sha256', this.options.secret)
      .update(`${label}:${email.trim().toLowerCase()}`)
      .digest();
  }

  async createClientAccount(input: ClientAccountInput): Promise<ClientAccount> {
    const locationId = `${DEMO_LOCATION_PREFIX}${this.derive('location', input.email).toString('hex').slice(0, 16)}`;
    return {
      locationId,
      userId: `demo-user-${this.derive('user', input.email).toString('hex').slice(0, 12)}`,
      tempPassword: temporaryPassword(this.derive('password', input.email)),
      dashboardUrl: this.dashboardUrl(locationId),
      simulated: true,
    };
  }

  async locationExists(locationId: string): Promise<boolean> {
    return locationId.startsWith(DEMO_LOCATION_PREFIX);
  }

  /** The demo portal: a page saying that no portal exists and what the real one shows. */
  dashboardUrl(locationId: string): string {
    return `/dashboard/demo-portal?location=${encodeURIComponent(locationId)}`;
  }
}
