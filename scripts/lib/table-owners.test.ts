import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  frontDoorOwners,
  importedTables,
  isOwnedBy,
  personalColumns,
  personalDataOwners,
  personalDataViolations,
  tableOwnerViolations,
  tablesOf,
  WHOLE_SCHEMA,
} from './table-owners';

const root = path.resolve(import.meta.dirname, '../..');

describe('table owners of the project', () => {
  it('has every table imported only by its one owner', () => {
    const found = tableOwnerViolations(root).map(
      (v) => `${v.file} imports ${v.table} (owner: ${v.owner ?? 'none'})`,
    );
    expect(found).toEqual([]);
  });

  it("has no table owned by a feature's front door", () => {
    expect(frontDoorOwners()).toEqual([]);
  });

  it('has every table with personal data owned by a module that exports personalData', () => {
    expect(personalDataViolations(root)).toEqual([]);
  });
});

describe('the table owner check', () => {
  const tree = mkdtempSync(path.join(tmpdir(), 'owners-'));
  afterAll(() => rmSync(tree, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
    writeFileSync(path.join(tree, file), text);
  };
  write(
    'src/server/db/schema.ts',
    "export const orders = pgTable('orders', {});\nexport const notes = pgTable('notes', {});\nexport type Order = {};\n",
  );
  write(
    'src/features/orders/orders.server.ts',
    "import { orders } from '../../server/db/schema.ts';\n",
  );
  write(
    'src/features/admin/orders/orders.server.ts',
    "import { orders as o, type Order } from '../../../server/db/schema';\n",
  );
  write('src/features/admin/types.ts', "import type { orders } from '../../server/db/schema';\n");
  write('src/features/admin/admin.test.ts', "import { orders } from '../../server/db/schema';\n");
  write('src/testing/seed.ts', "import { orders } from '../server/db/schema';\n");
  write('src/server/db/backup.ts', "import * as schema from './schema.ts';\n");
  write('src/features/admin/sneaky.server.ts', "import * as all from '../../server/db/schema';\n");

  it('reports imports outside the owner and tables nobody owns; tests and types are free', () => {
    const found = tableOwnerViolations(
      tree,
      { orders: 'src/features/orders/orders.server.ts' },
      { 'src/server/db/backup.ts': 'copies every table' },
    );
    expect(found).toEqual([
      { file: 'src/server/db/schema.ts', table: 'notes', owner: undefined },
      {
        file: 'src/features/admin/orders/orders.server.ts',
        table: 'orders',
        owner: 'src/features/orders/orders.server.ts',
      },
      { file: 'src/features/admin/sneaky.server.ts', table: WHOLE_SCHEMA, owner: undefined },
    ]);
  });

  it('takes a folder owner for every file in it, and for none beside it', () => {
    write(
      'src/features/notes/records/note-reads.server.ts',
      "import { notes } from '../../../server/db/schema.ts';\n",
    );
    write(
      'src/features/notes/records/note-writes.server.ts',
      "import { notes } from '../../../server/db/schema';\n",
    );
    write(
      'src/features/notes/notes.server.ts',
      "import { notes } from '../../server/db/schema';\n",
    );
    const found = tableOwnerViolations(tree, {
      orders: 'src/features/admin/orders.server.ts',
      notes: 'src/features/notes/records/',
    });
    expect(found.filter((v) => v.table === 'notes')).toEqual([
      {
        file: 'src/features/notes/notes.server.ts',
        table: 'notes',
        owner: 'src/features/notes/records/',
      },
    ]);
    expect(isOwnedBy('src/features/notes/records/', 'src/features/notes/records-old.ts')).toBe(
      false,
    );
  });

  it("reports an owner that is its feature's front door, or the whole feature", () => {
    expect(
      frontDoorOwners({
        orders: 'src/features/orders/orders.server.ts',
        orderItems: 'src/features/orders/records/',
        refunds: 'src/features/orders/',
        users: 'src/server/auth/users.ts',
      }),
    ).toEqual([
      {
        file: 'src/features/orders/orders.server.ts',
        table: 'orders',
        owner: 'src/features/orders/orders.server.ts',
      },
      { file: 'src/features/orders/', table: 'refunds', owner: 'src/features/orders/' },
    ]);
  });

  it('reads tables from the schema and named value imports from files', () => {
    expect(tablesOf("export const a = pgTable('a', {});\nexport const b = 1;\n")).toEqual(['a']);
    expect(
      importedTables(
        "import {\n  a,\n  type B,\n  c as d,\n} from './schema';\n",
        ['a', 'c'],
        () => true,
      ),
    ).toEqual(['a', 'c']);
  });
});

describe('the personal data check', () => {
  const tree = mkdtempSync(path.join(tmpdir(), 'personal-'));
  afterAll(() => rmSync(tree, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
    writeFileSync(path.join(tree, file), text);
  };
  const SCHEMA = [
    "export const clients = pgTable('clients', {",
    "  id: serial('id').primaryKey(),",
    "  email: text('email').notNull(),",
    '});',
    "export const notes = pgTable('notes', {",
    "  id: serial('id').primaryKey(),",
    "  body: text('message').notNull(),",
    '});',
    "export const visits = pgTable('visits', {",
    "  clientId: integer('client_id').references(() => clients.id),",
    '});',
    "export const tallies = pgTable('tallies', { tableName: text('table_name') });",
    "export const events = pgTable('events', { id: text('id'), type: text('type') });",
  ].join('\n');
  write('src/server/db/schema.ts', SCHEMA);
  const OWNER = 'export const personalData: PersonalDataOwner = { holds, erase, purge };\n';
  write('src/features/clients/client-records.server.ts', OWNER);
  write('src/features/notes/note-records.server.ts', 'export function listNotes() {}\n');
  write('src/features/visits/records/visit-reads.server.ts', 'export function visits() {}\n');
  write('src/features/visits/records/visit-personal-data.server.ts', OWNER);
  const owners = {
    clients: 'src/features/clients/client-records.server.ts',
    notes: 'src/features/notes/note-records.server.ts',
    visits: 'src/features/visits/records/',
    tallies: 'src/server/db/tallies.ts',
    events: 'src/server/events.ts',
  };

  it('finds e-mail, name, free-text and client columns, not ids and kinds', () => {
    expect(personalColumns(SCHEMA)).toEqual({
      clients: ['email'],
      notes: ['message'],
      visits: ['(a client)'],
      tallies: ['table_name'],
    });
  });

  it('reports a new table with a personal-data column whose owner has no personalData', () => {
    expect(personalDataViolations(tree, owners, { tallies: 'counts' })).toEqual([
      { file: 'src/features/notes/note-records.server.ts', table: 'notes', owner: owners.notes },
    ]);
  });

  it('lists the files that export personalData, one of a folder owner among them', () => {
    expect(personalDataOwners(tree, owners)).toEqual([
      'src/features/clients/client-records.server.ts',
      'src/features/visits/records/visit-personal-data.server.ts',
    ]);
  });

  it('reports one without an owner, and one whose exemption is taken away', () => {
    const withoutNotes: Record<string, string> = { ...owners };
    delete withoutNotes.notes;
    expect(personalDataViolations(tree, withoutNotes, {})).toEqual([
      { file: 'src/server/db/schema.ts', table: 'notes', owner: undefined },
      { file: 'src/server/db/tallies.ts', table: 'tallies', owner: 'src/server/db/tallies.ts' },
    ]);
  });
});
