/**
 * Builds a benchmark dataset straight in SQL: approved merchants, customers with credit
 * accounts, sessions with known tokens, and optionally a history of payments that
 * reconciles (owed amounts, running balances and counters all agree with the ledger).
 *
 *   npx tsx bench/seed.ts --customers 10000 --merchants 1000 --transactions 1000000
 *
 * Seeds the database named by BENCH_DATABASE_URL (default: a fresh `khata_bench` on
 * 127.0.0.1:5432), after dropping and re-creating it.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';

export const benchPepper = 'bench-pepper-0123456789-0123456789-0123456789';
export const benchPin = '4826';
export const customerToken = (i: number) => `bench-customer-session-${i}`;
export const merchantToken = (i: number) => `bench-merchant-session-${i}`;

/** The one thing seed needs from a database client: pg's Pool and PGlite both fit. */
export interface Queryable {
  query(text: string, params?: unknown[]): Promise<unknown>;
}

export interface SeedOptions {
  customers: number;
  merchants: number;
  accountsPerCustomer: number;
  transactions: number;
  /** Limit of every account, in paise. */
  limitPaise: number;
  /**
   * Customers (the first by id) who also get an account with merchant 0, the hot
   * merchant of bench:hot: enough sessions that its 64 clients stay under the
   * per-session request limit.
   */
  hotMerchantCustomers?: number;
  log?: (line: string) => void;
}

const pinHash = (id: string) => createHmac('sha256', Buffer.from(benchPepper)).update(`${id}:${benchPin}`).digest('hex');

async function insertUsers(db: Queryable, role: 'customer' | 'business', count: number) {
  const ids = Array.from({ length: count }, () => randomUUID());
  const hashes = ids.map(pinHash);
  const prefix = role === 'customer' ? '+9170' : '+9160';
  await db.query(`
    insert into users (id, role, name, phone, email, pin_hash, pin_key_version, payment_handle, created_at)
    select id, $1, $1 || ' ' || n, $2 || lpad(n::text, 8, '0'),
           case when $1 = 'business' then 'shop' || n || '@bench.example' end,
           hash, 1, case when $1 = 'customer' then 'bench' || n || '@khata' end, now()
    from unnest($3::uuid[], $4::text[]) with ordinality as u(id, hash, n)`, [role, prefix, ids, hashes]);
  return ids;
}

export async function seed(db: Queryable, options: SeedOptions): Promise<void> {
  const log = options.log ?? (() => {});
  const started = Date.now();
  await insertUsers(db, 'customer', options.customers);
  const merchantUserIds = await insertUsers(db, 'business', options.merchants);
  await db.query(`
    insert into businesses (id, user_id, business_name, business_type, address, status, fee_basis_points,
                            max_credit_limit_paise, created_at, decided_at)
    select gen_random_uuid(), u, 'Bench Shop ' || n, 'Retail', 'Bench Road', 'approved', 200, $2, now() - interval '200 days', now()
    from unnest($1::uuid[]) with ordinality as m(u, n)`, [merchantUserIds, options.limitPaise]);
  // Each business account is its shop's first owner, as registration makes it.
  await db.query(`
    insert into shop_members (id, business_id, user_id, role, name, founding, created_at)
    select gen_random_uuid(), b.id, b.user_id, 'owner', u.name, true, b.created_at
    from businesses b join users u on u.id = b.user_id`);
  log(`users and businesses: ${Date.now() - started} ms`);

  // Customer i gets accounts with merchants i, i+97, i+194, … (mod merchants).
  await db.query(`
    with c as (select id, row_number() over (order by id) - 1 as i from users where role = 'customer'),
         b as (select id, row_number() over (order by id) - 1 as j from businesses)
    insert into credit_accounts (id, customer_id, business_id, limit_paise, owed_paise, created_at, updated_at)
    select gen_random_uuid(), c.id, b.id, $3, 0, now() - interval '190 days', now()
    from c cross join generate_series(0, $1 - 1) k
    join b on b.j = (c.i + k * 97) % $2`, [options.accountsPerCustomer, options.merchants, options.limitPaise]);
  if (options.hotMerchantCustomers) {
    await db.query(`
      with c as (select id, row_number() over (order by id) - 1 as i from users where role = 'customer'),
           b as (select id from businesses order by id limit 1)
      insert into credit_accounts (id, customer_id, business_id, limit_paise, owed_paise, created_at, updated_at)
      select gen_random_uuid(), c.id, b.id, $2, 0, now() - interval '190 days', now()
      from c cross join b where c.i < $1
      on conflict (customer_id, business_id) do nothing`, [options.hotMerchantCustomers, options.limitPaise]);
  }
  log(`credit accounts: ${Date.now() - started} ms`);

  // A merchant's session acts as its founding membership, as e-mail sign-in starts it.
  await db.query(`
    insert into sessions (token_hash, user_id, member_id, created_at, idle_expires_at, absolute_expires_at)
    select encode(sha256(convert_to(
             case u.role when 'customer' then 'bench-customer-session-' else 'bench-merchant-session-' end
             || (row_number() over (partition by u.role order by u.phone) - 1), 'UTF8')), 'hex'),
           u.id, m.id, now(), now() + interval '29 days', now() + interval '29 days'
    from users u left join shop_members m on m.user_id = u.id and m.founding
    where u.role in ('customer', 'business')`);
  log(`sessions: ${Date.now() - started} ms`);

  if (options.transactions > 0) {
    const accounts = options.customers * options.accountsPerCustomer;
    const perAccount = Math.max(1, Math.ceil(options.transactions / accounts));
    // Payments of ₹1–₹100 at 2 %, spread over the last 180 days, with running balances.
    // Nothing is repaid, so the running owed is also the running charged total (the dues' running total),
    // and each payment falls due 30 days (the default credit period) after its India day.
    await db.query(`
      insert into transactions (id, type, status, credit_account_id, customer_id, business_id, amount_paise,
                                fee_paise, fee_basis_points, total_paise, limit_paise_after, owed_paise_after,
                                due_on, charged_paise_after, created_at)
      select id, 'payment', 'completed', account_id, customer_id, business_id, amount, fee, 200, amount + fee, limit_paise,
             running, ((at at time zone 'UTC') + interval '5 hours 30 minutes')::date + 30, running, at
      from (
        select gen_random_uuid() as id, p.id as account_id, customer_id, business_id, limit_paise, amount, at,
               (amount * 200 + 5000) / 10000 as fee,
               sum(amount + (amount * 200 + 5000) / 10000) over (partition by p.id order by at rows unbounded preceding) as running
        from (
          select a.id, a.customer_id, a.business_id, a.limit_paise,
                 100 + ((hashtext(a.id::text || s) & 2147483647) % 9900) as amount,
                 now() - (interval '180 days') * ((hashtext(s || a.id::text) & 2147483647) / 2147483647.0) as at
          from (select * from credit_accounts order by id limit $2) a cross join generate_series(1, $1) s
        ) p
      ) q`, [perAccount, Math.ceil(options.transactions / perAccount)]);
    log(`transactions: ${Date.now() - started} ms`);
    // Owed is everything charged; the next due date is the oldest payment's (as khata_pay keeps it).
    await db.query(`
      update credit_accounts a set owed_paise = t.owed, charged_paise = t.owed, next_due_on = t.next_due_on
      from (select credit_account_id, sum(total_paise) as owed, min(due_on) as next_due_on from transactions
            group by credit_account_id) t
      where t.credit_account_id = a.id`);
    // Today's overdue amounts cached, as the maintenance job leaves them after India midnight
    // (refreshOverdue in server/ledger/ledger.ts; nothing is repaid).
    await db.query(`
      update credit_accounts a set overdue_on = d.today, overdue_paise = (
        select coalesce(sum(t.total_paise), 0) from transactions t
        where t.credit_account_id = a.id and t.type = 'payment' and t.due_on < d.today)
      from (select ((now() at time zone 'UTC') + interval '5 hours 30 minutes')::date as today) d
      where a.next_due_on < d.today`);
  }

  await db.query(`
    insert into business_counters (business_id, slot, customers, credit_issued_paise, revenue_paise, payments)
    select b.id, 0, coalesce(a.customers, 0), coalesce(a.owed, 0), coalesce(t.revenue, 0), coalesce(t.payments, 0)
    from businesses b
    left join (select business_id, count(*) as customers, sum(owed_paise) as owed from credit_accounts group by business_id) a
      on a.business_id = b.id
    left join (select business_id, sum(amount_paise) as revenue, count(*) as payments from transactions where type = 'payment'
               group by business_id) t on t.business_id = b.id`);
  await db.query(`
    insert into platform_counters (slot, approved_businesses, customers, credit_accounts, credit_limit_paise)
    values (1, $1, $2, (select count(*) from credit_accounts), (select coalesce(sum(limit_paise), 0) from credit_accounts))
    on conflict (slot) do update set approved_businesses = platform_counters.approved_businesses + excluded.approved_businesses,
      customers = platform_counters.customers + excluded.customers, credit_accounts = platform_counters.credit_accounts + excluded.credit_accounts,
      credit_limit_paise = platform_counters.credit_limit_paise + excluded.credit_limit_paise`,
  [options.merchants, options.customers]);
  // The rollups khata_pay keeps as payments land, the way migration 0008 fills
  // them for an upgraded database: India days (UTC+05:30) on slot 0.
  await db.query(`
    insert into business_daily (business_id, day, slot, revenue_paise, fee_paise, payments)
    select business_id, ((created_at at time zone 'UTC') + interval '5 hours 30 minutes')::date, 0,
           sum(amount_paise), sum(fee_paise), count(*)
    from transactions where type = 'payment' group by 1, 2`);
  await db.query(`
    update users u set last_paid_on = t.day
    from (select customer_id, max(((created_at at time zone 'UTC') + interval '5 hours 30 minutes')::date) as day
          from transactions where type = 'payment' group by 1) t
    where t.customer_id = u.id`);
  await db.query(`
    insert into customer_last_paid_days (day, slot, customers)
    select last_paid_on, 0, count(*) from users where last_paid_on is not null group by 1`);
  log(`rollups: ${Date.now() - started} ms`);
  await db.query('analyze');
  log(`seeded in ${Date.now() - started} ms`);
}

// Run as a command.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      customers: { type: 'string', default: '10000' },
      merchants: { type: 'string', default: '1000' },
      accounts: { type: 'string', default: '10' },
      transactions: { type: 'string', default: '0' },
    },
  });
  const { freshBenchDatabase } = await import('./database');
  const database = await freshBenchDatabase();
  await seed(database.pool, {
    customers: Number(values.customers), merchants: Number(values.merchants), accountsPerCustomer: Number(values.accounts),
    transactions: Number(values.transactions), limitPaise: 5_000_000, log: (line) => console.log(line),
  });
  await database.pool.end();
  console.log(`Seeded ${database.url}`);
}
