/** Types shared by the CRM implementations. */
export type ClientAccountInput = {
  businessName: string;
  contactName: string;
  email: string;
  phone?: string | undefined;
  website?: string | undefined;
};

export type ClientAccount = {
  /** The client's sub-account (formerly "location") id. */
  locationId: string;
  userId: string | null;
  /** The first password of the client's portal user; null when no user could be created. */
  tempPassword: string | null;
  dashboardUrl: string;
  simulated: boolean;
};

export interface CrmClient {
  readonly simulated: boolean;
  /** Creates the client's sub-account and an admin user for it. */
  createClientAccount(input: ClientAccountInput): Promise<ClientAccount>;
  /** Whether a sub-account still exists (it may have been deleted in the CRM). */
  locationExists(locationId: string): Promise<boolean>;
  /** Where the client's portal lives. */
  dashboardUrl(locationId: string): string;
  /**
   * Deletes the client's sub-account and their users: `userIds`, and any user of the
   * sub-account with the client's address. `missing`: the sub-account was already gone.
   */
  deleteClientAccount(account: CrmAccountToDelete): Promise<'deleted' | 'missing'>;
}

export type CrmAccountToDelete = { locationId: string; userIds: string[]; email: string };

/** Demo Mode's sub-account ids; nothing real stands behind them. */
export const DEMO_LOCATION_PREFIX = 'demo-';

export function isDemoLocation(locationId: string): boolean {
  return locationId.startsWith(DEMO_LOCATION_PREFIX);
}

/** A failed call to the CRM; `status` is the API's HTTP status when there was one. */
export class CrmError extends Error {
  readonly status: number | undefined;
  constructor(message: string, status?: number) {
    super(message);
    this.status = status;
    this.name = 'CrmError';
  }
}

/** Splits "Ada King Lovelace" into first and last name (the API wants both). */
export function splitName(fullName: string): { firstName: string; lastName: string } {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  const firstName = parts.shift() ?? 'Client';
  return { firstName, lastName: parts.join(' ') || '-' };
}
