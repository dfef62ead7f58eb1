// The privacy policy states each rule's sentence word for word; retention.test.ts fails when the
// two differ.
export type Period = { days: number } | { months: number } | { years: number };

export type RetentionRule = {
  title: string;
  period: Period;
  policy: string;
};

export const RETENTION = {
  correspondence: {
    title: 'Contact messages and meeting requests',
    period: { months: 24 },
    policy:
      'Contact messages and meeting requests are kept for up to {period} after our last exchange.',
  },
  onboarding: {
    title: 'Onboarding answers and logos',
    period: { months: 12 },
    policy:
      'Onboarding information, including the logos you upload, is kept for as long as we provide services to you and for {period} afterwards.',
  },
  orders: {
    title: 'Orders and invoices (anonymised)',
    period: { years: 7 },
    policy:
      'Order and invoice records are kept for {period} after our last service to you, to meet tax and accounting obligations; after that they are anonymised: amounts, dates and what was bought stay, while your name, e-mail address and account are removed.',
  },
  checkouts: {
    title: 'Names and addresses typed at checkout',
    period: { days: 30 },
    policy:
      'The name and e-mail address typed at checkout are removed from the checkout record {period} after it started; a paid order keeps them as described above.',
  },
  emailBodies: {
    title: 'E-mail bodies after delivery',
    period: { days: 0 },
    policy:
      'The text and attachments of each e-mail we send are deleted once it has been delivered.',
  },
  emailLog: {
    title: 'Records of sent e-mails',
    period: { months: 24 },
    policy:
      'A record that an e-mail went out (its recipient, subject and time) is kept for {period}.',
  },
  signIn: {
    title: 'Sign-in links, sessions and rate limits',
    period: { days: 0 },
    policy:
      'Sign-in links, sign-in sessions and the counters that limit repeated requests are deleted once they have been used or have expired.',
  },
  securityLog: {
    title: 'Security log',
    period: { days: 90 },
    policy: 'Security logs are kept for up to {period}.',
  },
  privacyRequests: {
    title: 'Export and erasure requests',
    period: { years: 3 },
    policy:
      'A request to export or erase your data is kept for {period} after we complete it, as a record that we did; when your data is erased, the record keeps neither your e-mail address nor your account.',
  },
  insights: {
    title: 'Visit counts (no personal data)',
    period: { months: 25 },
    policy:
      'Visit counts (page views, visitors, steps towards a purchase and page speed, added up per day) are kept for {period}; the code that lets a visitor be counted once a day is deleted at the end of that day.',
  },
} as const satisfies Record<string, RetentionRule>;

export type RetentionRuleName = keyof typeof RETENTION;

export const RETENTION_RULES = Object.keys(RETENTION) as RetentionRuleName[];

export const SERVICE_END_POLICY =
  'Our service to you ends when your last plan ends or, if no plan is running, on the day of your last order, payment or refund, whichever is latest.';

const SMALL = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];

export function periodInWords(period: Period): string {
  const [unit, n] = Object.entries(period)[0] as [string, number];
  const count = n < SMALL.length ? SMALL[n]! : String(n);
  return `${count} ${n === 1 ? unit.slice(0, -1) : unit}`;
}

export function describe(rule: RetentionRuleName): string {
  const { policy, period } = RETENTION[rule];
  return policy.replace('{period}', periodInWords(period));
}

export function cutoffOf(rule: RetentionRuleName, now: Date): Date {
  const period: Period = RETENTION[rule].period;
  const at = new Date(now.getTime());
  if ('days' in period) at.setTime(at.getTime() - period.days * 24 * 60 * 60 * 1000);
  else if ('months' in period) at.setUTCMonth(at.getUTCMonth() - period.months);
  else at.setUTCFullYear(at.getUTCFullYear() - period.years);
  return at;
}
