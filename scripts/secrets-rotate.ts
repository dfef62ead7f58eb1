// Seals every stored secret again under SESSION_SECRET, so SESSION_SECRET_PREVIOUS can be removed;
// running it again changes nothing. Runbook: docs/secrets.md.
import { ConfigurationError } from '../src/server/env.ts';
import { sessionSecrets } from '../src/server/key-ring.ts';
import { loadLocalEnv } from '../src/server/local-env.ts';
import { rotateSessionSecret, type RotationReport } from '../src/server/secret-rotation.ts';
import { openChosenDatabase, UsageError } from './lib/database-choice.ts';

loadLocalEnv();

const LABELS: Record<keyof RotationReport, string> = {
  authenticatorApps: 'Authenticator apps',
  appsBeingEnrolled: 'Authenticator apps being enrolled',
  unsentEmails: 'E-mails not sent yet',
  storedKeys: 'Stored keys (opt-outs, unsubscribe links)',
};

export function reportLines(report: RotationReport): string[] {
  const lines = (Object.keys(LABELS) as (keyof RotationReport)[]).map((part) => {
    const { resealed, unopenable } = report[part];
    const stuck = unopenable ? `, ${unopenable} sealed with neither secret (left as they are)` : '';
    return `  ${LABELS[part]}: ${resealed} sealed again${stuck}`;
  });
  const stuck = Object.values(report).some((r) => r.unopenable > 0);
  return [
    ...lines,
    stuck
      ? 'Some values open with neither secret: keep SESSION_SECRET_PREVIOUS until they are dealt with (docs/secrets.md).'
      : 'Everything is sealed with SESSION_SECRET: SESSION_SECRET_PREVIOUS can be removed.',
  ];
}

function secretsInUse(): string[] {
  try {
    return sessionSecrets(process.env);
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    throw new UsageError(
      `${error.message}\nSet SESSION_SECRET to the new secret and SESSION_SECRET_PREVIOUS to the old one.`,
    );
  }
}

async function main() {
  const secrets = secretsInUse();
  const { db, close, source } = await openChosenDatabase();
  try {
    const report = await rotateSessionSecret(db, secrets);
    console.log(`Sealed again under SESSION_SECRET in ${source}:`);
    if (secrets.length < 2)
      console.log('  (SESSION_SECRET_PREVIOUS is not set: only checking what opens)');
    for (const line of reportLines(report)) console.log(line);
    if (Object.values(report).some((r) => r.unopenable > 0)) process.exitCode = 2;
  } finally {
    await close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) console.error(`secrets:rotate: ${error.message}`);
  else console.error('secrets:rotate failed:', error);
  process.exitCode = 1;
});
