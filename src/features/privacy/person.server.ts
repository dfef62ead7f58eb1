import type { Db } from '../../server/db/client.ts';
import { personalData as outboxPersonalData } from '../../server/mail/outbox.ts';
import {
  addKeys,
  personWith,
  type HeldRows,
  type Person,
  type PersonalDataOwner,
  type TableCounts,
} from '../../server/privacy/personal-data.ts';
import { personalData as rateLimitPersonalData } from '../../server/rate-limit.ts';
import { checkoutSessionsPersonalData } from '../checkout/checkout.server.ts';
import { clientOnboardingPersonalData } from '../client-onboarding/client-onboarding.server.ts';
import {
  clientRecordsPersonalData,
  clientSessionsPersonalData,
  magicLinksPersonalData,
} from '../clients/clients.server.ts';
import { contactMessagesPersonalData } from '../contact/contact.server.ts';
import { meetingRequestsPersonalData } from '../meeting/meeting.server.ts';
import { onboardingFormsPersonalData } from '../order-onboarding/order-onboarding.server.ts';
import { orderRecordsPersonalData } from '../orders/orders.server.ts';
import {
  checkoutRemindersPersonalData,
  reminderOptOutsPersonalData,
} from '../recovery/recovery.server.ts';
import { subscribersPersonalData } from '../subscribe/subscribe.server.ts';
import { subscriptionRecordsPersonalData } from '../subscriptions/subscriptions.server.ts';
import { personalData as privacyRequestsPersonalData } from './privacy-requests.server.ts';

// Asked in this order (a test holds the list to scripts/lib/table-owners.ts): from the account to
// its orders to the rest.
export const PERSONAL_DATA_OWNERS = {
  'src/features/clients/client-records.server.ts': clientRecordsPersonalData,
  'src/features/orders/order-records.server.ts': orderRecordsPersonalData,
  'src/features/subscriptions/subscription-records.server.ts': subscriptionRecordsPersonalData,
  'src/features/checkout/checkout-sessions.server.ts': checkoutSessionsPersonalData,
  'src/features/order-onboarding/onboarding-forms.server.ts': onboardingFormsPersonalData,
  'src/features/client-onboarding/client-onboarding-submissions.server.ts':
    clientOnboardingPersonalData,
  'src/features/contact/contact-messages.server.ts': contactMessagesPersonalData,
  'src/features/meeting/meeting-requests.server.ts': meetingRequestsPersonalData,
  'src/features/subscribe/subscribers.server.ts': subscribersPersonalData,
  'src/features/clients/client-sessions.server.ts': clientSessionsPersonalData,
  'src/features/clients/magic-links.server.ts': magicLinksPersonalData,
  'src/features/privacy/privacy-requests.server.ts': privacyRequestsPersonalData,
  'src/features/recovery/checkout-reminders.server.ts': checkoutRemindersPersonalData,
  // Survives erasure: the opt-out is what keeps the address from being e-mailed again.
  'src/features/recovery/reminder-opt-outs.server.ts': reminderOptOutsPersonalData,
  'src/server/mail/outbox.ts': outboxPersonalData,
  'src/server/rate-limit.ts': rateLimitPersonalData,
} as const satisfies Record<string, PersonalDataOwner>;

const OWNERS: PersonalDataOwner[] = Object.values(PERSONAL_DATA_OWNERS);
/** The accounts go last: the orders (and sessions, links, counters) let go of them first. */
export const ERASE_ORDER: PersonalDataOwner[] = [
  ...OWNERS.filter((o) => o !== clientRecordsPersonalData),
  clientRecordsPersonalData,
];

export async function identifyPerson(db: Db, email: string): Promise<Person> {
  let person = personWith(email);
  for (const owner of OWNERS) {
    if (owner.identify) person = addKeys(person, await owner.identify(db, person));
  }
  return person;
}

export const countsOf = (held: HeldRows): TableCounts =>
  Object.fromEntries(Object.entries(held).map(([table, rows]) => [table, rows.length]));

export async function heldBy(db: Db, person: Person): Promise<HeldRows> {
  const held: HeldRows = {};
  for (const owner of OWNERS) Object.assign(held, await owner.holds(db, person));
  return held;
}

export type PrivacyActor = {
  userId?: number | null;
  username?: string | null;
  ip?: string | null;
  via: 'admin' | 'command' | 'client';
};

export function actorFields(actor: PrivacyActor | undefined) {
  return {
    userId: actor?.userId ?? null,
    username: actor?.username ?? null,
    ip: actor?.ip ?? null,
  };
}
