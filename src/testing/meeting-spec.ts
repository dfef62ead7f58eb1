/**
 * The meeting form's choices as the spec lists them (§5), stated once for the tests that hold
 * the code to them: the unit test of src/features/meeting and the e2e test of the page.
 */

/** The 13 time slots, 9:00 AM–11:30 AM and 1:00 PM–4:00 PM. */
export const SPEC_TIME_SLOTS = [
  '9:00 AM',
  '9:30 AM',
  '10:00 AM',
  '10:30 AM',
  '11:00 AM',
  '11:30 AM',
  '1:00 PM',
  '1:30 PM',
  '2:00 PM',
  '2:30 PM',
  '3:00 PM',
  '3:30 PM',
  '4:00 PM',
];

/** The seven timezones, by their labels. */
export const SPEC_TIMEZONE_LABELS = [
  'EST (Eastern)',
  'CST (Central)',
  'MST (Mountain)',
  'PST (Pacific)',
  'UTC',
  'GMT (London)',
  'CET (Central Europe)',
];
