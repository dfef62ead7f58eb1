import { describe, expect, it } from 'vitest';
import { isRefusedInDev } from './dev-functions.ts';

describe('the dev server refuses what Netlify never serves', () => {
  it('refuses the local platform files and environment files', () => {
    for (const url of [
      '/.netlify/db/PG_VERSION',
      '/.netlify',
      '/.netlify/functions/outbox-deliver',
      '/.env',
      '/.env.local',
      '/src/.env',
      '/%2Eenv',
      '/%2enetlify/db',
    ]) {
      expect(isRefusedInDev(url), url).toBe(true);
    }
  });

  it('serves pages, the API, image transforms and files that only look alike', () => {
    for (const url of [
      '/',
      '/api/contact-form',
      '/.netlify/images?url=/a.png',
      '/environment',
      '/a.envelope',
    ]) {
      expect(isRefusedInDev(url), url).toBe(false);
    }
  });
});
