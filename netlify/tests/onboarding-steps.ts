/**
 * The three order-onboarding steps as the function tests post them: each step's function, its
 * path under /api/onboarding and a valid body (src/testing/onboarding-fixtures.ts).
 */
import { expect } from 'vitest';
import {
  BUSINESS_INFO,
  DESIGN_PREFERENCES,
  jsonRequest,
  PROJECT_DETAILS,
} from '../../src/testing/onboarding-fixtures.ts';
import businessInfo from '../functions/onboarding-business-info.mts';
import designPreferences from '../functions/onboarding-design-preferences.mts';
import projectDetails from '../functions/onboarding-project-details.mts';

/** In the order a buyer fills them in. */
const STEPS = {
  businessInfo: { fn: businessInfo, path: 'business-info', data: BUSINESS_INFO },
  projectDetails: { fn: projectDetails, path: 'project-details', data: PROJECT_DETAILS },
  designPreferences: {
    fn: designPreferences,
    path: 'design-preferences',
    data: DESIGN_PREFERENCES,
  },
};

export type Step = keyof typeof STEPS;

/**
 * POSTs one step for `orderId`, signed in as `clientId` (no session without one), with `data`
 * or else the step's valid body.
 */
export function saveStep(
  step: Step,
  orderId: unknown,
  clientId: number | undefined,
  data: unknown = STEPS[step].data,
) {
  const { fn, path } = STEPS[step];
  return fn(jsonRequest(`/api/onboarding/${path}`, { orderId, data }, clientId), {});
}

/** Saves the three steps in order, each answered 200: the order's onboarding is complete. */
export async function onboard(orderId: number, clientId: number): Promise<void> {
  for (const step of Object.keys(STEPS) as Step[]) {
    expect((await saveStep(step, orderId, clientId)).status).toBe(200);
  }
}

/** {@link onboard} from a browser holding the session `cookie` (e.g. one that only paid). */
export async function onboardWithCookie(orderId: number, cookie: string): Promise<void> {
  for (const [step, { fn, path, data }] of Object.entries(STEPS)) {
    const req = jsonRequest(`/api/onboarding/${path}`, { orderId, data });
    req.headers.set('cookie', cookie);
    expect((await fn(req, {})).status, step).toBe(200);
  }
}
