export const SECURITY_EVENTS = [
  'admin.password-accepted',
  'admin.password-refused',
  'admin.factor-verified',
  'admin.factor-refused',
  'admin.factor-codes-paused',
  'admin.session-ended',
  'admin.recovery-code-used',
  'admin.factor-enrolled',
  'admin.factor-removed',
  'admin.factors-reset',
  'admin.recovery-codes-renewed',
  'admin.step-up',
  'admin.signed-out',
  'admin.signed-out-others',
  'data.exported',
  'person.exported',
  'person.erased',
  'privacy.purged',
] as const;
export type SecurityEventName = (typeof SECURITY_EVENTS)[number];

export const SECURITY_EVENT_LABELS: Record<SecurityEventName, string> = {
  'admin.password-accepted': 'Password accepted',
  'admin.password-refused': 'Password refused',
  'admin.factor-verified': 'Second factor verified',
  'admin.factor-refused': 'Second factor refused',
  'admin.factor-codes-paused': 'App codes paused (too many wrong)',
  'admin.session-ended': 'Session ended after wrong answers',
  'admin.recovery-code-used': 'Recovery code used',
  'admin.factor-enrolled': 'Factor added',
  'admin.factor-removed': 'Factor removed',
  'admin.factors-reset': 'Factors reset (command line)',
  'admin.recovery-codes-renewed': 'New recovery codes',
  'admin.step-up': 'Step-up',
  'admin.signed-out': 'Signed out',
  'admin.signed-out-others': 'Signed out other sessions',
  'data.exported': 'List exported (CSV)',
  'person.exported': 'Person’s data exported',
  'person.erased': 'Person’s data erased',
  'privacy.purged': 'Retention rules run',
};

export function isSecurityEvent(name: string): name is SecurityEventName {
  return (SECURITY_EVENTS as readonly string[]).includes(name);
}
