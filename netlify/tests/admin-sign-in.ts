import { expect } from 'vitest';
import { AdminBrowser } from '../../src/testing/admin-browser.ts';
import { TEST_PASSWORD } from '../../src/testing/admin-seed.ts';
import * as loginFn from '../functions/admin-login.mts';

/** `browser` signed in with the seeded admin's password (a session that needs its factor). */
export async function signIn(
  username: string,
  browser = new AdminBrowser(),
): Promise<AdminBrowser> {
  const login = await browser.call(loginFn, 'POST', '/api/admin/login', {
    username,
    password: TEST_PASSWORD,
  });
  expect(login.status).toBe(200);
  return browser;
}
