/**
 * Migration 0016 on a database that already has shops: every business account becomes its
 * shop's founding owner, its live sessions act as that owner, and the rows only it could
 * write (cash repayments, refunds, reversals, charges) become that owner's. Customers'
 * own payments stay nobody's. Run on embedded PGlite, from the committed migrations.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from './migrate';

const staffMigration = '0016_staff';
// Every migration from an empty database, twice over, on a machine other tests keep busy.
const folders: string[] = [];
afterAll(() => { for (const folder of folders) rmSync(folder, { recursive: true, force: true }); });

/** The committed migrations up to, not including, `tag`: a database as the code before it left it. */
function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'khata-migrations-'));
  folders.push(folder);
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(at).toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return folder;
}

const ids = {
  owner: '00000000-0000-4000-8000-000000000001',
  customer: '00000000-0000-4000-8000-000000000002',
  shop: '00000000-0000-4000-8000-000000000003',
  account: '00000000-0000-4000-8000-000000000004',
  payment: '00000000-0000-4000-8000-000000000005',
  repayment: '00000000-0000-4000-8000-000000000006',
  customerSession: 'customer-session',
  ownerSession: 'owner-session',
};

// The same SQL runs on both engines: the PostgreSQL pass (TEST_DATABASE_URL) leaves it to this one.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('migration 0016 on a database with a shop', () => {
  it('makes the business account its founding owner, of its sessions and of the rows it wrote', async () => {
    const client = new PGlite();
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: migrationsBefore(staffMigration) });
    await client.exec(`
      insert into users (id, role, name, phone, email, pin_hash, pin_key_version, created_at) values
        ('${ids.owner}', 'business', 'Ravi Kumar', '+919800000001', 'ravi@khata.test', 'h', 1, now()),
        ('${ids.customer}', 'customer', 'Asha Verma', '+919800000002', null, 'h', 1, now());
      insert into businesses (id, user_id, business_name, business_type, address, status, fee_basis_points, max_credit_limit_paise, created_at)
        values ('${ids.shop}', '${ids.owner}', 'Kumar Kirana', 'Grocery', 'MG Road', 'approved', 200, 5000000, now() - interval '9 days');
      insert into credit_accounts (id, customer_id, business_id, limit_paise, owed_paise, charged_paise, created_at, updated_at)
        values ('${ids.account}', '${ids.customer}', '${ids.shop}', 100000, 5100, 10200, now(), now());
      insert into transactions (id, type, credit_account_id, customer_id, business_id, amount_paise, fee_paise, fee_basis_points,
                                total_paise, limit_paise_after, owed_paise_after, created_at) values
        ('${ids.payment}', 'payment', '${ids.account}', '${ids.customer}', '${ids.shop}', 10000, 200, 200, 10200, 100000, 10200, now()),
        ('${ids.repayment}', 'repayment', '${ids.account}', '${ids.customer}', '${ids.shop}', 5100, 0, 0, 5100, 100000, 5100, now());
      insert into sessions (token_hash, user_id, idle_expires_at, absolute_expires_at) values
        ('${ids.ownerSession}', '${ids.owner}', now() + interval '1 day', now() + interval '2 days'),
        ('${ids.customerSession}', '${ids.customer}', now() + interval '1 day', now() + interval '2 days');
    `);

    await migrate(db, { migrationsFolder });

    const members = (await client.query<{ id: string; role: string; name: string; founding: boolean; status: string; created_at: Date }>(
      `select id, role, name, founding, status, created_at from shop_members where business_id = '${ids.shop}'`)).rows;
    expect(members).toEqual([expect.objectContaining({ role: 'owner', name: 'Ravi Kumar', founding: true, status: 'active' })]);
    const founding = members[0]!.id;
    const sessions = (await client.query<{ token_hash: string; member_id: string | null }>(
      'select token_hash, member_id from sessions order by token_hash')).rows;
    expect(sessions).toEqual([
      { token_hash: ids.customerSession, member_id: null },
      { token_hash: ids.ownerSession, member_id: founding },
    ]);
    const rows = (await client.query<{ id: string; actor_member_id: string | null; actor_role: string | null }>(
      'select id, actor_member_id, actor_role from transactions order by id')).rows;
    expect(rows).toEqual([
      { id: ids.payment, actor_member_id: null, actor_role: null },
      { id: ids.repayment, actor_member_id: founding, actor_role: 'owner' },
    ]);
    await client.close();
  }, 180_000);
});
