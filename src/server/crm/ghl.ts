/**
 * The real GoHighLevel (LeadConnector API v2) client: an agency Private Integration Token
 * creates the client's sub-account (POST /locations/) and an admin user for it (POST /users/).
 * Every call carries the Bearer token and the API Version header and times out.
 */
import type { ClientAccount, ClientAccountInput, CrmClient } from './types.ts';
import { CrmError, splitName } from './types.ts';
import { temporaryPassword } from './password.ts';

export const GHL_API_VERSION = '2021-07-28';
const GHL_APP_URL = 'https://app.gohighlevel.com';

type GhlOptions = {
  apiKey: string;
  companyId: string;
  apiBase: string;
  appUrl?: string | undefined;
  timeoutMs?: number | undefined;
  fetch?: typeof fetch | undefined;
  /** Injected in tests for a predictable password. */
  newPassword?: (() => string) | undefined;
};

export class GhlClient implements CrmClient {
  readonly simulated = false;

  constructor(private readonly options: GhlOptions) {}

  private async call<T>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; data: T }> {
    const { apiKey, apiBase, timeoutMs = 10_000 } = this.options;
    const doFetch = this.options.fetch ?? fetch;
    let response: Response;
    try {
      response = await doFetch(new URL(path, apiBase.endsWith('/') ? apiBase : `${apiBase}/`), {
        method,
        headers: {
          Authorization: `Bearer ${apiKey}`,
          Version: GHL_API_VERSION,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? null : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new CrmError(`GoHighLevel could not be reached (${(error as Error).name})`);
    }
    const text = await response.text();
    let data: unknown = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      data = null;
    }
    if (!response.ok && response.status !== 404) {
      const message = (data as { message?: unknown } | null)?.message;
      throw new CrmError(
        `GoHighLevel ${method} ${path} failed with ${response.status}${typeof message === 'string' ? `: ${message}` : ''}`,
        response.status,
      );
    }
    return { status: response.status, data: data as T };
  }

  async createClientAccount(input: ClientAccountInput): Promise<ClientAccount> {
    const { companyId } = this.options;
    const { firstName, lastName } = splitName(input.contactName);
    const location = await this.call<{ id?: string }>('POST', 'locations/', {
      companyId,
      name: input.businessName,
      email: input.email,
      ...(input.phone ? { phone: input.phone } : {}),
      ...(input.website ? { website: input.website } : {}),
      prospectInfo: { firstName, lastName, email: input.email },
    });
    const locationId = location.data?.id;
    if (location.status === 404 || typeof locationId !== 'string' || !locationId) {
      throw new CrmError('GoHighLevel did not return a sub-account id', location.status);
    }

    const password = (this.options.newPassword ?? temporaryPassword)();
    let userId: string | null = null;
    try {
      const user = await this.call<{ id?: string }>('POST', 'users/', {
        companyId,
        firstName,
        lastName,
        email: input.email,
        password,
        ...(input.phone ? { phone: input.phone } : {}),
        type: 'account',
        role: 'admin',
        locationIds: [locationId],
      });
      userId = typeof user.data?.id === 'string' ? user.data.id : null;
    } catch (error) {
      // The sub-account exists; a user that cannot be created (e.g. the e-mail already has a
      // HighLevel login) is finished by the team, so no password is handed out.
      console.warn('GoHighLevel user creation failed', (error as Error).message);
    }

    return {
      locationId,
      userId,
      tempPassword: userId ? password : null,
      dashboardUrl: this.dashboardUrl(locationId),
      simulated: false,
    };
  }

  async locationExists(locationId: string): Promise<boolean> {
    const { status } = await this.call('GET', `locations/${encodeURIComponent(locationId)}`);
    return status !== 404;
  }

  dashboardUrl(locationId: string): string {
    return `${this.options.appUrl ?? GHL_APP_URL}/v2/location/${encodeURIComponent(locationId)}/dashboard`;
  }
}
