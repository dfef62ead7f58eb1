import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Table (its schema export) → the one module that may import it: a file, or a folder (`…/`). */
export const TABLE_OWNERS: Record<string, string> = {
  users: 'src/server/auth/users.ts',
  adminSessions: 'src/server/auth/session.ts',
  adminFactors: 'src/server/auth/factors.ts',
  adminRecoveryCodes: 'src/server/auth/factors.ts',
  securityLog: 'src/server/auth/security-log.ts',
  rateLimitHits: 'src/server/rate-limit.ts',
  emailOutbox: 'src/server/mail/outbox.ts',
  clients: 'src/features/clients/client-records.server.ts',
  clientSessions: 'src/features/clients/client-sessions.server.ts',
  magicLinks: 'src/features/clients/magic-links.server.ts',
  checkoutSessions: 'src/features/checkout/checkout-sessions.server.ts',
  webhookEvents: 'src/features/checkout/stripe-webhook.server.ts',
  orders: 'src/features/orders/records/',
  orderItems: 'src/features/orders/records/',
  refunds: 'src/features/orders/refund-records.server.ts',
  onboardingForms: 'src/features/order-onboarding/onboarding-forms.server.ts',
  clientOnboardingSubmissions:
    'src/features/client-onboarding/client-onboarding-submissions.server.ts',
  contactMessages: 'src/features/contact/contact-messages.server.ts',
  meetingRequests: 'src/features/meeting/meeting-requests.server.ts',
  subscribers: 'src/features/subscribe/subscribers.server.ts',
  rowTallies: 'src/server/db/tallies.ts',
  subscriptions: 'src/features/subscriptions/subscription-records.server.ts',
  subscriptionPayments: 'src/features/subscriptions/subscription-payments.server.ts',
  privacyRuns: 'src/features/privacy/privacy-runs.server.ts',
  privacyRequests: 'src/features/privacy/privacy-requests.server.ts',
  erasureRecords: 'src/features/privacy/erasure-records.server.ts',
  checkoutReminders: 'src/features/recovery/checkout-reminders.server.ts',
  reminderOptOuts: 'src/features/recovery/reminder-opt-outs.server.ts',
  jobRuns: 'src/server/jobs/job-runs.ts',
  storedKeys: 'src/server/stored-keys.ts',
  insightsDaily: 'src/features/insights/daily-counts.server.ts',
  insightsDailyPaths: 'src/features/insights/daily-counts.server.ts',
  insightsDailySources: 'src/features/insights/daily-counts.server.ts',
  insightsVitals: 'src/features/insights/vitals.server.ts',
  insightsVitalsMonthly: 'src/features/insights/vitals.server.ts',
  insightsVitalTargets: 'src/features/insights/vitals.server.ts',
  insightsSalts: 'src/features/insights/visitor-days.server.ts',
  insightsVisitorHashes: 'src/features/insights/visitor-days.server.ts',
};

/** A whole-schema import reaches every table: anyone else's is reported like a table import. */
export const WHOLE_DATABASE_MODULES: Record<string, string> = {
  'src/server/db/client.ts': 'hands the schema to drizzle; reads no table itself',
  'src/server/db/schema-check.ts': "compares the schema's column names with the database's",
  'src/server/db/backup.ts': 'backup and restore copy every table whole, rows uninterpreted',
};

export const WHOLE_SCHEMA = '* (the whole schema)';

export type OwnerViolation = { file: string; table: string; owner: string | undefined };

const SCHEMA = 'src/server/db/schema.ts';
const SOURCE = /\.(ts|tsx|mts|astro)$/;
const TEST_CODE = /(\.test\.(ts|tsx|mts)$)|(^src\/testing\/)/;
const NAMED_IMPORT = /\bimport\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g;
const NAMESPACE_IMPORT = /\bimport\s+\*\s+as\s+\w+\s+from\s*['"]([^'"]+)['"]/g;

export function importsWholeSchema(
  fileText: string,
  importsSchema: (specifier: string) => boolean,
): boolean {
  return [...fileText.matchAll(NAMESPACE_IMPORT)].some((m) => importsSchema(m[1]!));
}

/** Whether `file` is `owner`, or lies in it when the owner is a folder. */
export function isOwnedBy(owner: string | undefined, file: string): boolean {
  if (!owner) return false;
  return owner.endsWith('/') ? file.startsWith(owner) : file === owner;
}

function walk(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return walk(full);
    return SOURCE.test(e.name) ? [full] : [];
  });
}

/** schema.ts with the files it re-exports (`export * from './x-schema.ts'`). */
function schemaText(root: string): string {
  const text = readFileSync(path.join(root, SCHEMA), 'utf8');
  const parts = [...text.matchAll(/export \* from '(\.\/[\w-]+\.ts)'/g)].map((m) =>
    readFileSync(path.join(root, path.dirname(SCHEMA), m[1]!), 'utf8'),
  );
  return [text, ...parts].join('\n');
}

export function tablesOf(schemaText: string): string[] {
  return [...schemaText.matchAll(/export const (\w+) = pgTable\(/g)].map((m) => m[1]!);
}

export function importedTables(
  fileText: string,
  tables: string[],
  importsSchema: (specifier: string) => boolean,
): string[] {
  const found: string[] = [];
  for (const m of fileText.matchAll(NAMED_IMPORT)) {
    if (m[1] || !importsSchema(m[3]!)) continue;
    for (const part of m[2]!.split(',')) {
      const name = part.trim().split(/\s+as\s+/)[0]!;
      if (!name.startsWith('type ') && tables.includes(name)) found.push(name);
    }
  }
  return found;
}

export function tableOwnerViolations(
  root: string,
  owners = TABLE_OWNERS,
  wholeDatabase = WHOLE_DATABASE_MODULES,
): OwnerViolation[] {
  const tables = tablesOf(schemaText(root));
  const violations: OwnerViolation[] = tables
    .filter((t) => !owners[t])
    .map((table) => ({ file: SCHEMA, table, owner: undefined }));
  const files = [...walk(path.join(root, 'src')), ...walk(path.join(root, 'netlify'))];
  for (const full of files) {
    const file = path.relative(root, full).split(path.sep).join('/');
    if (file === SCHEMA || TEST_CODE.test(file) || file.startsWith('netlify/tests/')) continue;
    const importsSchema = (specifier: string) =>
      specifier.startsWith('.') &&
      path
        .relative(root, path.resolve(path.dirname(full), specifier))
        .split(path.sep)
        .join('/')
        .replace(/\.ts$/, '') === SCHEMA.replace(/\.ts$/, '');
    const text = readFileSync(full, 'utf8');
    for (const table of importedTables(text, tables, importsSchema)) {
      if (!isOwnedBy(owners[table], file)) violations.push({ file, table, owner: owners[table] });
    }
    if (!wholeDatabase[file] && importsWholeSchema(text, importsSchema))
      violations.push({ file, table: WHOLE_SCHEMA, owner: undefined });
  }
  return violations;
}

// Personal: an e-mail, a name, a phone, a postal address or free text; a column referencing
// `clients.id` ties its rows to a person too.
const PERSONAL_COLUMN =
  /(^|_)(email|to|name|phone|address|company|message|notes?|text|html|subject|data|info|details|preferences)$/;

/** Tables whose name-like columns hold nobody's data, and why (so the check can skip them). */
export const NOT_PERSONAL: Record<string, string> = {
  rowTallies: 'row counts per table; table_name names a table of the schema',
  jobRuns: "one row per scheduled function; name is the function's name",
};

/** The convention every owner of personal data follows (src/server/privacy/personal-data.ts). */
const PERSONAL_DATA_EXPORT = /\bexport const personalData\s*:\s*PersonalDataOwner\b/;

export function personalColumns(schemaText: string): Record<string, string[]> {
  const starts = [...schemaText.matchAll(/export const (\w+) = pgTable\(/g)];
  const found: Record<string, string[]> = {};
  starts.forEach((start, i) => {
    const end = starts[i + 1]?.index ?? schemaText.length;
    const block = schemaText.slice(start.index, end);
    const columns = [...block.matchAll(/\b\w+\s*:\s*\w+\(\s*'([a-z0-9_]+)'/g)].map((m) => m[1]!);
    const personal = [...new Set(columns.filter((c) => PERSONAL_COLUMN.test(c)))];
    if (/\.references\(\(\)\s*=>\s*clients\.id\b/.test(block)) personal.push('(a client)');
    if (personal.length) found[start[1]!] = personal;
  });
  return found;
}

function exportsPersonalData(root: string, file: string): boolean {
  try {
    return PERSONAL_DATA_EXPORT.test(readFileSync(path.join(root, file), 'utf8'));
  } catch {
    return false;
  }
}

/** The files of an owner that export `personalData`: the owner itself, or some of its folder's. */
function personalDataFiles(root: string, owner: string): string[] {
  const files = owner.endsWith('/')
    ? walk(path.join(root, owner))
        .map((full) => path.relative(root, full).split(path.sep).join('/'))
        .filter((file) => !TEST_CODE.test(file))
    : [owner];
  return files.filter((file) => exportsPersonalData(root, file));
}

/** Owners of personal data must export `personalData` to find, export, erase and purge it. */
export function personalDataViolations(
  root: string,
  owners = TABLE_OWNERS,
  notPersonal = NOT_PERSONAL,
): OwnerViolation[] {
  const columns = personalColumns(readFileSync(path.join(root, SCHEMA), 'utf8'));
  return Object.keys(columns)
    .filter((table) => !notPersonal[table])
    .filter((table) => !owners[table] || !personalDataFiles(root, owners[table]).length)
    .map((table) => ({ file: owners[table] ?? SCHEMA, table, owner: owners[table] }));
}

/** The owner modules that export `personalData` (the privacy feature must compose each one). */
export function personalDataOwners(root: string, owners = TABLE_OWNERS): string[] {
  return [
    ...new Set(Object.values(owners).flatMap((owner) => personalDataFiles(root, owner))),
  ].sort();
}

/** The front door composes owners, e-mails and rules: it owns no table, nor does its whole feature. */
export function frontDoorOwners(owners = TABLE_OWNERS): OwnerViolation[] {
  return Object.entries(owners)
    .filter(([, owner]) => /^src\/features\/(([^/]+)\/\2\.server\.ts|[^/]+\/)$/.test(owner))
    .map(([table, owner]) => ({ file: owner, table, owner }));
}
