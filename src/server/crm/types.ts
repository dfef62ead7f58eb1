export type ClientAccountInput = {
  businessName: string;
  contactName: string;
  email: string;
  phone?: string | undefined;
  website?: string | undefined;
};

export type ClientAccount = {
  /** Formerly "location". */
  locationId: string;
  userId: string | null;
  tempPassword: string | null;
  dashboardUrl: string;
  simulated: boolean;
};

export interface CrmClient {
  readonly simulated: boolean;
  createClientAccount(input: ClientAccountInput): Promise<ClientAccount>;
  locationExists(locationId: string): Promise<boolean>;
  dashboardUrl(locationId: string): string;
  /** Also any user of the sub-account with the client's address. */
  deleteClientAccount(account: CrmAccountToDelete): Promise<'deleted' | 'missing'>;
}

export type CrmAccountToDelete = { locationId: string; userIds: string[]; email: string };

export const DEMO_LOCATION_PREFIX = 'demo-';

export function isDemoLocation(locationId: string): boolean {
  return locationId.startsWith(DEMO_LOCATION_PREFIX);
}

export class CrmError extends Error {
  readonly status: number | undefined;
  constructor(message: string, status?: number) {
    super(message);
    this.status = status;
    this.name = 'CrmError';
  }
}

export function splitName(fullName: string): { firstName: string; lastName: string } {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  const firstName = parts.shift() ?? 'Client';
  return { firstName, lastName: parts.join(' ') || '-' };
}
