/**
 * Every e-mail the site sends, built from sample data, for the snapshot and hostile-input
 * tests (src/server/mail/emails.test.ts). `typed` holds what a visitor, client or admin can
 * type (names, companies, messages, notes); the hostile test fills it with markup, endless
 * words and right-to-left text. Add a sample here with every new message.
 */
import {
  adminAccountChangedEmail,
  adminCodesPausedEmail,
  type AccountChange,
} from '../server/auth/admin-emails.tsx';
import {
  clientOnboardingConfirmEmail,
  clientOnboardingTeamEmail,
} from '../features/client-onboarding/client-onboarding-emails.tsx';
import {
  CLIENT_ONBOARDING_DEFAULTS,
  clientOnboardingRequestSchema,
} from '../features/client-onboarding/client-onboarding.ts';
import { crmAccountReadyEmail } from '../features/clients/clients-emails.tsx';
import { magicLinkUrl } from '../features/clients/magic-links.server.ts';
import { MessageSecrets, openSlots } from '../server/mail/sealed.ts';
import { contactReceiptEmail, contactTeamEmail } from '../features/contact/contact-emails.tsx';
import { signInLinkEmail } from '../features/dashboard/dashboard-emails.tsx';
import { describeSlot } from '../features/meeting/meeting-ics.server.ts';
import {
  meetingConfirmedEmail,
  meetingDeclinedEmail,
  meetingProposalEmail,
  meetingReceiptEmail,
  meetingTeamEmail,
} from '../features/meeting/meeting-emails.tsx';
import { onboardingCompletedEmail } from '../features/order-onboarding/order-onboarding-emails.tsx';
import { orderConfirmationEmail } from '../features/orders/orders-emails.tsx';
import {
  privacyErasedEmail,
  privacyExportReadyEmail,
  privacyRequestTeamEmail,
} from '../features/privacy/privacy-emails.tsx';
import { checkoutReminderEmail } from '../features/recovery/recovery-emails.tsx';
import {
  disputeTeamEmail,
  paymentFailedClientEmail,
  paymentFailedTeamEmail,
} from '../features/subscriptions/subscriptions-emails.tsx';
import type { ContactMessage, MeetingRequest, Order } from '../server/db/schema.ts';
import { mailTestEmail } from '../server/mail/mail-test-email.tsx';
import type { EmailContent } from '../server/mail/render-email.ts';

/** A sign-in link as its recipient gets it (the stored e-mail holds its token sealed). */
const sentLink = (site: string, token: string) => {
  const secrets = new MessageSecrets();
  return openSlots(magicLinkUrl(site, token, secrets), secrets.sealed);
};

export type Typed = { name: string; company: string; message: string; note: string };

export const ORDINARY: Typed = {
  name: 'Dana Ortiz',
  company: 'Ortiz Family Dental',
  message: 'We need a new website before spring.\nCould you call me on Tuesday?',
  note: 'Looking forward to it.',
};

const SITE = 'https://novareach.test';
const RECEIVED = new Date('2026-11-20T15:04:05.000Z');

/** What Dana typed into the contact form and the meeting form alike. */
function visitor(t: Typed) {
  return {
    name: t.name,
    email: 'dana@ortizdental.com',
    company: t.company,
    message: t.message,
    createdAt: RECEIVED,
  };
}

function contactMessage(t: Typed): ContactMessage {
  return {
    ...visitor(t),
    id: 42,
    phone: '+1 206 555 0100',
    formType: 'contact',
    status: 'new',
    handledAt: null,
  } as ContactMessage;
}

function meetingRequest(t: Typed): MeetingRequest {
  return {
    ...visitor(t),
    id: 17,
    phone: '',
    meetingType: 'website-demo',
    preferredDate: '2026-12-08',
    preferredTime: '10:30 AM',
    timezone: 'PST',
    status: 'requested',
    proposedDate: null,
    proposedTime: null,
    updatedAt: RECEIVED,
  } as MeetingRequest;
}

function order(t: Typed): Order {
  return {
    id: 9,
    orderNumber: 'NR-2026-000123',
    productName: 'Advanced Website Package',
    customerName: t.name,
    customerEmail: 'dana@ortizdental.com',
    amount: 250000,
  } as Order;
}

/**
 * Dana's cart: the lines of the order she paid and of the checkout she left, with the setup
 * link each item gets once paid.
 */
const CART: Parameters<typeof orderConfirmationEmail>[0]['lines'] = [
  {
    name: 'Advanced Website Package',
    billingCycle: 'oneTime',
    unitAmountCents: 250000,
    quantity: 1,
    onboardingUrl: `${SITE}/onboarding/advanced?order=9`,
  },
  {
    name: 'Financial Analyst',
    billingCycle: 'monthly',
    unitAmountCents: 29900,
    quantity: 1,
    onboardingUrl: `${SITE}/onboarding/financial-analyst?order=9`,
  },
];
const CART_TOTAL_CENTS = 250000 + 29900;

/**
 * What Dana paid for that cart with SAVE10 at 8.25 % tax ($2,799.00 − $279.90 = $2,519.10, tax
 * $207.83), with Stripe's invoice of the payment.
 */
const CART_CHARGE: Parameters<typeof orderConfirmationEmail>[0]['charge'] = {
  currency: 'usd',
  subtotalCents: CART_TOTAL_CENTS,
  discountCents: 27_990,
  discounts: [{ code: 'SAVE10', promotionCodeId: 'promo_1SAVE10', amountCents: 27_990 }],
  taxCents: 20_783,
  taxes: [
    {
      amountCents: 20_783,
      ratePercent: 8.25,
      jurisdiction: 'Washington',
      displayName: 'Sales Tax',
      taxableAmountCents: 251_910,
    },
  ],
  totalCents: 272_693,
  refundedCents: 0,
  invoice: {
    id: 'in_1SampleInvoice',
    number: 'NOVA-2026-0042',
    hostedUrl: 'https://invoice.stripe.com/i/acct_1Sample/test_YWNjdF8x',
    pdfUrl: 'https://pay.stripe.com/invoice/acct_1Sample/test_YWNjdF8x/pdf',
  },
};

/** A change to an admin account, as the team is told of it (the admin's username is typed too). */
const accountChanged = (t: Typed, change: AccountChange) =>
  adminAccountChangedEmail({
    username: t.name,
    change,
    at: RECEIVED,
    ip: change.what === 'factors-reset' ? null : '203.0.113.24',
    securityLogUrl: `${SITE}/admin#security-log`,
  });

export const EMAIL_SAMPLES: Record<string, (t: Typed) => EmailContent> = {
  'contact.team': (t) => contactTeamEmail(contactMessage(t)),
  'contact.receipt': (t) => contactReceiptEmail(contactMessage(t)),
  'meeting.team': (t) => meetingTeamEmail(meetingRequest(t), describeSlot(meetingRequest(t))),
  'meeting.receipt': (t) => meetingReceiptEmail(meetingRequest(t), describeSlot(meetingRequest(t))),
  'meeting.confirmed': (t) =>
    meetingConfirmedEmail(meetingRequest(t), describeSlot(meetingRequest(t)), t.note),
  'meeting.proposed': (t) => {
    const row = meetingRequest(t);
    const proposed = describeSlot(row, { date: '2026-12-09', time: '2:00 PM' });
    return meetingProposalEmail(row, { requested: describeSlot(row), proposed }, t.note);
  },
  'meeting.declined': (t) =>
    meetingDeclinedEmail(
      meetingRequest(t),
      describeSlot(meetingRequest(t)),
      t.note,
      `${SITE}/schedule-meeting`,
    ),
  'order-confirmation': (t) =>
    orderConfirmationEmail({
      orderNumber: 'NR-2026-000123',
      customerName: t.name,
      charge: CART_CHARGE,
      lines: CART,
      dashboardUrl: sentLink(SITE, 'sample-token'),
      linkExpiresAt: new Date('2026-11-27T15:04:05.000Z'),
    }),
  'client-onboarding.team': (t) =>
    clientOnboardingTeamEmail(
      {
        // The form's own limits are not what is tested here: the typed values go in as given.
        ...clientOnboardingRequestSchema().parse({
          ...CLIENT_ONBOARDING_DEFAULTS,
          fullName: 'Dana Ortiz',
          email: 'dana@ortizdental.com',
          businessName: 'Ortiz Family Dental',
          phone: '+1 206 555 0100',
          businessType: 'health',
          termsAccepted: true,
        }),
        fullName: t.name,
        businessName: t.company,
        businessDescription: t.message,
      },
      5,
      `${SITE}/admin`,
    ),
  'client-onboarding.confirm': (t) =>
    clientOnboardingConfirmEmail({
      name: t.name,
      businessName: t.company,
      confirmUrl: `${SITE}/api/clients/onboarding/confirm?token=sample-token`,
    }),
  'crm.account-ready': (t) =>
    crmAccountReadyEmail({
      name: t.name,
      email: 'dana@ortizdental.com',
      signInUrl: 'https://app.gohighlevel.com/',
      simulated: false,
    }),
  'onboarding.completed': (t) => onboardingCompletedEmail(order(t), `${SITE}/admin`),
  'dashboard.sign-in': () => signInLinkEmail(sentLink(SITE, 'sample-token')),
  'subscription.payment_failed': (t) =>
    paymentFailedClientEmail({
      customerName: t.name,
      plan: 'AI Growth Plan (monthly)',
      amountCents: 29900,
      dashboardUrl: `${SITE}/dashboard`,
    }),
  'subscription.payment_failed.team': (t) =>
    paymentFailedTeamEmail({
      customerName: t.name,
      customerEmail: 'dana@ortizdental.com',
      plan: 'AI Growth Plan (monthly)',
      amountCents: 29900,
      invoiceId: 'in_1SampleInvoice',
      attempts: 2,
      orderNumber: 'NR-2026-000123',
    }),
  'privacy.team': (t) =>
    privacyRequestTeamEmail({
      id: 12,
      kind: 'export',
      clientName: t.name,
      clientEmail: 'dana@ortizdental.com',
      requestedAt: RECEIVED,
      dueAt: new Date('2026-12-20T15:04:05.000Z'),
      adminUrl: `${SITE}/admin`,
    }),
  'privacy.export-ready': (t) =>
    privacyExportReadyEmail({
      name: t.name,
      dashboardUrl: `${SITE}/dashboard`,
      availableUntil: new Date('2027-01-03T10:00:00.000Z'),
    }),
  // Names nobody: it outlives the erasure in the outbox until it is sent.
  'privacy.erased': () => privacyErasedEmail(),
  // MAIL_FROM's name is typed by whoever configures the site.
  'mail.test': (t) =>
    mailTestEmail({
      from: `${t.name} <hello@novareach.test>`,
      smtpHost: 'smtp.novareach.test:465',
      sentAt: RECEIVED,
    }),
  'checkout.reminder': () =>
    checkoutReminderEmail({
      amountCents: CART_TOTAL_CENTS,
      lines: CART,
      recoveryUrl: 'https://checkout.stripe.com/c/pay/cs_test_recovery_sample',
      unsubscribeUrl: `${SITE}/api/unsubscribe?token=sample-token`,
    }),
  'admin.factor-added': (t) =>
    accountChanged(t, { what: 'factor-added', kind: 'passkey', label: t.company, first: false }),
  'admin.factor-removed': (t) =>
    accountChanged(t, { what: 'factor-removed', kind: 'totp', label: t.company }),
  'admin.recovery-codes-renewed': (t) => accountChanged(t, { what: 'recovery-codes' }),
  'admin.factors-reset': (t) => accountChanged(t, { what: 'factors-reset', removed: 2 }),
  'admin.codes-paused': (t) =>
    adminCodesPausedEmail({
      username: t.name,
      failures: 10,
      within: '15 minutes',
      until: new Date('2026-11-20T15:15:00.000Z'),
      ip: '2001:db8:7:1::/64',
      securityLogUrl: `${SITE}/admin#security-log`,
    }),
  'payment.dispute.team': (t) =>
    disputeTeamEmail({
      disputeId: 'dp_1SampleDispute',
      chargeId: 'ch_1SampleCharge',
      amountCents: 250000,
      reason: 'fraudulent',
      customer: t.name,
      orderNumber: 'NR-2026-000123',
    }),
};
