import type { ClientAccount, ClientAccountInput, CrmAccountToDelete, CrmClient } from './types.ts';
import { CrmError, isDemoLocation, splitName } from './types.ts';
import { temporaryPassword } from './password.ts';
import { logWarn } from '../log.ts';

export const GHL_API_VERSION = '2021-07-28';
const GHL_APP_URL = 'https://app.gohighlevel.com';

type GhlOptions = {
  apiKey: string;
  companyId: string;
  apiBase: string;
  appUrl?: string | undefined;
  timeoutMs?: number | undefined;
  fetch?: typeof fetch | undefined;
  newPassword?: (() => string) | undefined;
};

export class GhlClient implements CrmClient {
  readonly simulated = false;

  private readonly options: GhlOptions;

  constructor(options: GhlOptions) {
    this.options = options;
  }

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
      // A user that cannot be created (its e-mail has a HighLevel login) is finished by the team.
      logWarn('GoHighLevel user creation failed', { error: (error as Error).message });
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

  async deleteClientAccount({
    locationId,
    userIds,
    email,
  }: CrmAccountToDelete): Promise<'deleted' | 'missing'> {
    // A Demo Mode account from before the API key was set exists nowhere.
    if (isDemoLocation(locationId)) return 'missing';
    const location = encodeURIComponent(locationId);
    const users = new Set(userIds);
    // The login made for the client is theirs; the agency's own users of it are left alone.
    const listed = await this.call<{ users?: { id?: unknown; email?: unknown }[] } | null>(
      'GET',
      `users/?locationId=${location}`,
    );
    for (const user of listed.data?.users ?? []) {
      const address = typeof user.email === 'string' ? user.email.trim().toLowerCase() : '';
      if (typeof user.id === 'string' && address === email.trim().toLowerCase()) users.add(user.id);
    }
    for (const id of users) await this.call('DELETE', `users/${encodeURIComponent(id)}`);
    const { status } = await this.call('DELETE', `locations/${location}?deleteTwilioAccount=true`);
    return status === 404 ? 'missing' : 'deleted';
  }

  dashboardUrl(locationId: string): string {
    return `${this.options.appUrl ?? GHL_APP_URL}/v2/location/${encodeURIComponent(locationId)}/dashboard`;
  }
}
