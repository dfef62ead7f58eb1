// An erasure that cannot reach a part the person has data in (logos, Stripe, GoHighLevel) stops
// before erasing anything, since afterwards nothing would find that data again; --leave-* opts out.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import {
  ErasureFailed,
  ErasureIncomplete,
  erasePerson,
  exportPerson,
  purgeExpired,
  type OutsidePart,
} from '../src/features/privacy/privacy.server.ts';
import { getCrm } from '../src/server/crm/crm.ts';
import { loadLocalEnv } from '../src/server/local-env.ts';
import { customerEraserFor } from '../src/server/payments/customers.ts';
import type { PurgeCounts, TableCounts } from '../src/server/privacy/personal-data.ts';
import { RETENTION, RETENTION_RULES } from '../src/server/privacy/retention.ts';
import type { LogoStore } from '../src/server/uploads/logo.ts';
import { openChosenSite, UsageError } from './lib/database-choice.ts';

loadLocalEnv();

const USAGE = `Usage:
  npm run privacy:purge
  npm run privacy:export -- --email <address> [--out <folder>]
  npm run privacy:erase -- --email <address> [--yes] [--leave-logos] [--leave-stripe] [--leave-crm]`;

const LEAVE_HINTS: Record<OutsidePart, (store: LogoStore | string) => string> = {
  logos: (store) => `  logos: ${store as string}, or add --leave-logos`,
  stripe_customers: () => '  Stripe: set STRIPE_SECRET_KEY, or add --leave-stripe',
  crm: () => '  GoHighLevel: set GHL_API_KEY and GHL_COMPANY_ID, or add --leave-crm',
};

function countLines(counts: TableCounts, indent = '  '): string[] {
  const tables = Object.entries(counts).sort(([a], [b]) => a.localeCompare(b));
  if (!tables.length) return [`${indent}(nothing)`];
  const width = Math.max(...tables.map(([t]) => t.length));
  return tables.map(([table, n]) => `${indent}${table.padEnd(width)}  ${n}`);
}

function purgeLines(counts: PurgeCounts): string[] {
  return RETENTION_RULES.flatMap((rule) => {
    const tables = counts[rule] ?? {};
    const total = Object.values(tables).reduce((s, n) => s + n, 0);
    return [`${RETENTION[rule].title}: ${total}`, ...(total ? countLines(tables, '    ') : [])];
  });
}

function normalised(email: string | undefined): string {
  const address = email?.trim().toLowerCase() ?? '';
  if (!/^[^\s@]+@[^\s@]+$/.test(address))
    throw new UsageError('Give the address: --email <address>');
  return address;
}

function ask(question: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  return new Promise((resolve) => rl.question(question, (answer) => (rl.close(), resolve(answer))));
}

async function main(argv: string[]) {
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: 'string' },
      out: { type: 'string' },
      yes: { type: 'boolean' },
      'leave-logos': { type: 'boolean' },
      'leave-stripe': { type: 'boolean' },
      'leave-crm': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help || !command) {
    console.log(USAGE);
    return;
  }
  if (!['purge', 'export', 'erase'].includes(command))
    throw new UsageError(`Unknown command "${command}".\n${USAGE}`);
  const email = command === 'purge' ? '' : normalised(values.email);
  if (command === 'erase' && !values.yes) {
    if (!process.stdin.isTTY) throw new UsageError('Add --yes to erase without being asked.');
    const again = await ask(`Erase everything about ${email}? Type the address again: `);
    if (again.trim().toLowerCase() !== email) throw new UsageError('Not erased.');
  }

  const { db, close, source, logos: store } = await openChosenSite();
  const logos = typeof store === 'string' ? undefined : store;
  try {
    if (command === 'purge') {
      const result = await purgeExpired(db, { logoStore: logos, source: 'command' });
      console.log(`Retention rules applied to ${source}:`);
      console.log(purgeLines(result.counts).join('\n'));
      if (result.logosSkipped) console.log(`Logos in Blobs: skipped (${store as string}).`);
    } else if (command === 'export') {
      const data = await exportPerson(db, email, { logoStore: logos });
      const counts = Object.fromEntries(
        Object.entries(data.tables).map(([table, rows]) => [table, rows.length]),
      );
      if (values.out) {
        await mkdir(values.out, { recursive: true });
        const { csv, ...json } = data;
        await writeFile(path.join(values.out, 'person.json'), `${JSON.stringify(json, null, 2)}\n`);
        for (const [table, text] of Object.entries(csv))
          await writeFile(path.join(values.out, `${table}.csv`), text);
        console.log(`Exported ${email} from ${source} to ${values.out}:`);
      } else {
        console.log(JSON.stringify({ ...data, csv: undefined }, null, 2));
        console.error(`Exported ${email} from ${source}:`);
      }
      const say = values.out ? console.log : console.error;
      say(countLines(counts).join('\n'));
      if (!logos) say(`Logos in Blobs: not listed (${store as string}).`);
    } else {
      const stripe = await customerEraserFor({
        stripeSecretKey: process.env.STRIPE_SECRET_KEY || undefined,
        stripeApiHost: process.env.STRIPE_API_HOST || undefined,
      });
      const crm = getCrm({
        ghlApiKey: process.env.GHL_API_KEY || undefined,
        ghlCompanyId: process.env.GHL_COMPANY_ID || undefined,
        ghlApiBase: process.env.GHL_API_BASE || 'https://services.leadconnectorhq.com',
        sessionSecret: process.env.SESSION_SECRET ?? '',
      });
      const leave: OutsidePart[] = [];
      if (values['leave-logos']) leave.push('logos');
      if (values['leave-stripe']) leave.push('stripe_customers');
      if (values['leave-crm']) leave.push('crm');
      const result = await erasePerson(db, email, { stripe, logoStore: logos, crm, leave }).catch(
        (error: unknown) => {
          if (error instanceof ErasureFailed && error.part === 'crm')
            throw new UsageError(
              `${error.message}\nNothing in the database was erased; add --leave-crm to leave the account.`,
            );
          if (error instanceof ErasureFailed)
            throw new UsageError(`${error.message}\nNothing in the database was erased.`);
          if (!(error instanceof ErasureIncomplete)) throw error;
          const how = error.parts.map((part) => LEAVE_HINTS[part](store));
          throw new UsageError(`${error.message}\n${how.join('\n')}`);
        },
      );
      console.log(`Erased ${email} from ${source} (rows deleted or anonymised):`);
      console.log(countLines(result.counts).join('\n'));
      for (const part of result.skipped) console.log(`Left as asked: ${part}.`);
      for (const id of result.crmLeft)
        console.log(
          `Delete GoHighLevel sub-account ${id} and its users by hand (a to-do in the admin panel).`,
        );
    }
  } finally {
    await close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (
    error instanceof UsageError ||
    (error instanceof Error && error.name === 'TypeError' && 'code' in error)
  ) {
    console.error(`privacy: ${error.message}`);
  } else {
    console.error('privacy failed:', error);
  }
  process.exitCode = 1;
});
