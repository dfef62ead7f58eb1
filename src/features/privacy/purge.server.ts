import { purgeSecurityLog, recordSecurityEvent } from '../../server/auth/security-log.ts';
import type { Db } from '../../server/db/client.ts';
import {
  addPurgeCounts,
  type PurgeCounts,
  type PurgeScope,
} from '../../server/privacy/personal-data.ts';
import { cutoffOf, RETENTION, RETENTION_RULES } from '../../server/privacy/retention.ts';
import { ordersWithLogos, removeLogosOf, type LogoStore } from '../../server/uploads/logo.ts';
import { emailsOfClients } from '../clients/clients.server.ts';
import { purgeInsights } from '../insights/insights.server.ts';
import { contactAddressesSince } from '../contact/contact.server.ts';
import { meetingAddressesSince } from '../meeting/meeting.server.ts';
import {
  clientsNamedByOrders,
  clientsServedSince,
  orderIdsAmong,
  ordersEndedBefore,
} from '../orders/orders.server.ts';
import { plansServingSince } from '../subscriptions/subscriptions.server.ts';
import { ERASE_ORDER } from './personal-data-owners.server.ts';
import { latestPrivacyRun, recordPrivacyRun, type PurgeSource } from './privacy-runs.server.ts';

function purgeScope(db: Db, now: Date): PurgeScope {
  return {
    now,
    ordersEndedBefore: (cutoff) => ordersEndedBefore(db, cutoff, plansServingSince(db, cutoff)),
    clientsNamedByOrders: () => clientsNamedByOrders(db),
    addressesServedSince: (cutoff) =>
      emailsOfClients(db, clientsServedSince(db, cutoff, plansServingSince(db, cutoff))),
    correspondentsSince: (cutoff) => [
      contactAddressesSince(db, cutoff),
      meetingAddressesSince(db, cutoff),
    ],
  };
}

export type PurgeResult = { startedAt: Date; counts: PurgeCounts; logosSkipped: boolean };

export async function purgeExpired(
  db: Db,
  options: { now?: Date; logoStore?: LogoStore | undefined; source: PurgeSource },
): Promise<PurgeResult> {
  const startedAt = options.now ?? new Date();
  const scope = purgeScope(db, startedAt);
  const found: PurgeCounts[] = [];
  for (const owner of ERASE_ORDER) found.push(await owner.purge(db, scope));
  found.push({
    securityLog: {
      security_log: await purgeSecurityLog(db, cutoffOf('securityLog', startedAt)),
    },
  });
  found.push({ insights: await purgeInsights(db, cutoffOf('insights', startedAt), startedAt) });
  if (options.logoStore) {
    const ended = await orderIdsAmong(
      db,
      await ordersWithLogos(options.logoStore),
      scope.ordersEndedBefore(cutoffOf('onboarding', startedAt)),
    );
    let logos = 0;
    for (const orderId of ended) logos += await removeLogosOf(options.logoStore, orderId);
    found.push({ onboarding: { logos } });
  }
  const counts = addPurgeCounts(...found);
  await recordPrivacyRun(db, {
    startedAt,
    finishedAt: options.now ?? new Date(),
    source: options.source,
    counts,
  });
  await recordSecurityEvent(db, {
    event: 'privacy.purged',
    detail: { via: options.source, counts, logosSkipped: !options.logoStore },
    at: options.now,
  });
  return { startedAt, counts, logosSkipped: !options.logoStore };
}

export type PrivacyRunSummary = {
  at: string;
  source: PurgeSource;
  rules: { rule: string; title: string; removed: number }[];
};

export async function lastPrivacyRun(db: Db): Promise<PrivacyRunSummary | null> {
  const run = await latestPrivacyRun(db);
  if (!run) return null;
  return {
    at: run.finishedAt.toISOString(),
    source: run.source,
    rules: RETENTION_RULES.map((rule) => ({
      rule,
      title: RETENTION[rule].title,
      removed: Object.values(run.counts[rule] ?? {}).reduce((sum, n) => sum + n, 0),
    })),
  };
}
