/**
 * `npm run privacy:*` against a real Postgres wire server (the same PGlite emulation
 * `npm run dev` uses), run as child processes exactly as an operator would run them.
 */
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runScript, SCRIPT_TIMEOUT as SLOW, useWireDatabase } from '../src/testing/script-runs';

const db = useWireDatabase();
const query = db.query;

function privacy(args: string[], env: NodeJS.ProcessEnv = {}) {
  return runScript('scripts/privacy.ts', args, { env: { DATABASE_URL: db.url, ...env } });
}

/** Every row of every table as text. */
async function everyRow(): Promise<string[]> {
  const tables = await query<{ table_name: string }>(
    "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'",
  );
  const rows: string[] = [];
  for (const { table_name } of tables) {
    const found = await query<{ row: string }>(
      `select row_to_json(t)::text as row from "${table_name}" t`,
    );
    rows.push(...found.map((r) => `${table_name}: ${r.row}`));
  }
  return rows;
}

describe('npm run privacy:*', () => {
  it(
    'purge: migrates a fresh database, applies every rule and prints what each removed',
    async () => {
      const r = await privacy(['purge']);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('Retention rules applied to DATABASE_URL:');
      expect(r.stdout).toContain('Contact messages and meeting requests: 0');
      expect(r.stdout).toContain('Security log: 0');
      expect(r.stdout).toMatch(
        /Logos in Blobs: skipped \(set NETLIFY_SITE_ID .* and NETLIFY_AUTH_TOKEN/,
      );
      const [runRow] = await query<{ source: string }>('select source from privacy_runs');
      expect(runRow).toEqual({ source: 'command' });
    },
    SLOW,
  );

  it(
    'export and erase one address, with counts per table; afterwards no table holds it',
    async () => {
      const [client] = await query<{ id: number }>(
        "insert into clients (email, name, ghl_location_id) values ('ada@example.com', 'Ada Lovelace', 'LOCada1') returning id",
      );
      await query(
        `insert into orders (order_number, checkout_session_id, client_id, product_id, product_name,
           amount, stripe_payment_intent_id, customer_email, customer_name, status, items)
         values ('NR-1', 'cs_1', $1, 'starter', 'Starter Website Package', 100000, 'pi_1',
           'ada@example.com', 'Ada Lovelace', 'paid', '[]')`,
        [client!.id],
      );
      await query(
        "insert into contact_messages (name, email, message) values ('Ada Lovelace', 'ada@example.com', 'Hello')",
      );
      await query(
        "insert into contact_messages (name, email, message) values ('Bob', 'bob@example.com', 'Hi')",
      );

      const out = await mkdtemp(path.join(tmpdir(), 'privacy-export-'));
      const exported = await privacy(['export', '--email', 'Ada@Example.com', '--out', out]);
      expect(exported.code).toBe(0);
      expect(exported.stdout).toMatch(/clients\s+1\n/);
      expect(exported.stdout).toMatch(/orders\s+1\n/);
      expect((await readdir(out)).sort()).toEqual([
        'clients.csv',
        'contact_messages.csv',
        'orders.csv',
        'person.json',
      ]);
      const json = JSON.parse(await readFile(path.join(out, 'person.json'), 'utf8'));
      expect(json.tables.contact_messages[0]).toMatchObject({ message: 'Hello' });

      const asked = await privacy(['erase', '--email', 'ada@example.com']);
      expect(asked.code).toBe(1);
      expect(asked.stderr).toContain('Add --yes');
      const blocked = await privacy(['erase', '--email', 'ada@example.com', '--yes']);
      expect(blocked.code).toBe(1);
      expect(blocked.stderr).toContain(
        'Cannot reach the logo store and GoHighLevel; nothing was erased.',
      );
      expect(blocked.stderr).toContain('--leave-logos');
      expect(blocked.stderr).toContain('set GHL_API_KEY and GHL_COMPANY_ID, or add --leave-crm');

      const erased = await privacy([
        'erase',
        '--email',
        'ada@example.com',
        '--yes',
        '--leave-logos',
        '--leave-crm',
      ]);
      expect(erased.stderr).toBe('');
      expect(erased.code).toBe(0);
      expect(erased.stdout).toContain('Erased ada@example.com from DATABASE_URL');
      expect(erased.stdout).toMatch(/clients\s+1\n/);
      expect(erased.stdout).toMatch(/contact_messages\s+1\n/);
      expect(erased.stdout).toMatch(/orders\s+1\n/);
      expect(erased.stdout).toContain('Left as asked: logos.');
      expect(erased.stdout).toContain('Left as asked: crm.');
      expect(erased.stdout).toContain(
        'Delete GoHighLevel sub-account LOCada1 and its users by hand',
      );
      const todo = await query<{ crm_left: string[]; email: string }>(
        'select crm_left, email from privacy_requests where cardinality(crm_left) > 0',
      );
      expect(todo).toEqual([{ crm_left: ['LOCada1'], email: '' }]);

      const rows = await everyRow();
      expect(rows.filter((row) => /ada@example\.com|lovelace/i.test(row))).toEqual([]);
      expect(rows.some((row) => row.includes('bob@example.com'))).toBe(true);
      const [order] = await query<{ amount: number; order_number: string }>(
        'select amount, order_number from orders',
      );
      expect(order).toEqual({ amount: 100000, order_number: 'NR-1' });
      const [logged] = await query<{ detail: { via: string } }>(
        "select detail from security_log where event = 'person.erased'",
      );
      expect(logged!.detail.via).toBe('command');
    },
    SLOW,
  );
});
