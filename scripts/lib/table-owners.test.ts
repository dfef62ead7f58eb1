import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { frontDoorOwners, importedTables, tableOwnerViolations, tablesOf } from './table-owners';

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
    'src/features/admin/orders.server.ts',
    "import { orders as o, type Order } from '../../server/db/schema';\n",
  );
  write('src/features/admin/types.ts', "import type { orders } from '../../server/db/schema';\n");
  write('src/features/admin/admin.test.ts', "import { orders } from '../../server/db/schema';\n");
  write('src/testing/seed.ts', "import { orders } from '../server/db/schema';\n");

  it('reports imports outside the owner and tables nobody owns; tests and types are free', () => {
    const found = tableOwnerViolations(tree, {
      orders: 'src/features/orders/orders.server.ts',
    });
    expect(found).toEqual([
      { file: 'src/server/db/schema.ts', table: 'notes', owner: undefined },
      {
        file: 'src/features/admin/orders.server.ts',
        table: 'orders',
        owner: 'src/features/orders/orders.server.ts',
      },
    ]);
  });

  it("reports an owner that is its feature's front door", () => {
    expect(
      frontDoorOwners({
        orders: 'src/features/orders/orders.server.ts',
        orderItems: 'src/features/orders/order-records.server.ts',
        users: 'src/server/auth/users.ts',
      }),
    ).toEqual([
      {
        file: 'src/features/orders/orders.server.ts',
        table: 'orders',
        owner: 'src/features/orders/orders.server.ts',
      },
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
