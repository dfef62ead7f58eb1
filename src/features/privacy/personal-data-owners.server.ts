import { personalData as outbox } from '../../server/mail/outbox.ts';
import type { PersonalDataOwner } from '../../server/privacy/personal-data.ts';
import { personalData as rateLimit } from '../../server/rate-limit.ts';
import { personalData as checkoutSessions } from '../checkout/checkout-sessions.server.ts';
import { personalData as clientOnboarding } from '../client-onboarding/client-onboarding-submissions.server.ts';
import { personalData as clientRecords } from '../clients/client-records.server.ts';
import { personalData as clientSessions } from '../clients/client-sessions.server.ts';
import { personalData as magicLinks } from '../clients/magic-links.server.ts';
import { personalData as contactMessages } from '../contact/contact-messages.server.ts';
import { personalData as meetingRequests } from '../meeting/meeting-requests.server.ts';
import { personalData as onboardingForms } from '../order-onboarding/onboarding-forms.server.ts';
import { personalData as orderRecords } from '../orders/records/order-personal-data.server.ts';
import { personalData as checkoutReminders } from '../recovery/checkout-reminders.server.ts';
import { personalData as reminderOptOuts } from '../recovery/reminder-opt-outs.server.ts';
import { personalData as subscribers } from '../subscribe/subscribers.server.ts';
import { personalData as subscriptionRecords } from '../subscriptions/subscription-records.server.ts';
import { personalData as privacyRequests } from './privacy-requests.server.ts';

// The one place that reaches past other features' front doors (layering.ts allows it this
// `personalData` only); a test holds the keys to scripts/lib/table-owners.ts. Asked in this
// order: from the account to its orders to the rest.
export const PERSONAL_DATA_OWNERS = {
  'src/features/clients/client-records.server.ts': clientRecords,
  'src/features/orders/records/order-personal-data.server.ts': orderRecords,
  'src/features/subscriptions/subscription-records.server.ts': subscriptionRecords,
  'src/features/checkout/checkout-sessions.server.ts': checkoutSessions,
  'src/features/order-onboarding/onboarding-forms.server.ts': onboardingForms,
  'src/features/client-onboarding/client-onboarding-submissions.server.ts': clientOnboarding,
  'src/features/contact/contact-messages.server.ts': contactMessages,
  'src/features/meeting/meeting-requests.server.ts': meetingRequests,
  'src/features/subscribe/subscribers.server.ts': subscribers,
  'src/features/clients/client-sessions.server.ts': clientSessions,
  'src/features/clients/magic-links.server.ts': magicLinks,
  'src/features/privacy/privacy-requests.server.ts': privacyRequests,
  'src/features/recovery/checkout-reminders.server.ts': checkoutReminders,
  // Survives erasure: the opt-out is what keeps the address from being e-mailed again.
  'src/features/recovery/reminder-opt-outs.server.ts': reminderOptOuts,
  'src/server/mail/outbox.ts': outbox,
  'src/server/rate-limit.ts': rateLimit,
} as const satisfies Record<string, PersonalDataOwner>;

export const PERSONAL_DATA_OWNER_LIST: PersonalDataOwner[] = Object.values(PERSONAL_DATA_OWNERS);

/** The accounts go last: the orders (and sessions, links, counters) let go of them first. */
export const ERASE_ORDER: PersonalDataOwner[] = [
  ...PERSONAL_DATA_OWNER_LIST.filter((o) => o !== clientRecords),
  clientRecords,
];
