/**
 * The lint rule that keeps every write to the ledger's tables in server/ledger/
 * (scripts/eslint-rules/ledger-writes.mjs): what it reports, where, and the same check
 * over SQL text. The last test lints through eslint.config.js, so the wiring is checked too.
 */
import { ESLint, RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import {
  findLedgerWrites, isLedgerWriteException, ledgerTables, ledgerWrites,
} from '../../scripts/eslint-rules/ledger-writes.mjs';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const ruleTester = new RuleTester({ languageOptions: { parser: tseslint.parser } });
const feature = 'server/features/refunds/refunds.repository.ts';
const schemaImport = "import { transactions, creditAccounts, businessCounters, businessDaily, customerLastPaidDays, users } from '../../db/schema';\n";
const invalid = (code: string, errors = 1, filename = feature) =>
  ({ code: schemaImport + code, filename, errors: Array.from({ length: errors }, () => ({ messageId: 'write' as const })) });

ruleTester.run('khata-ledger/ledger-writes', ledgerWrites, {
  valid: [
    // Reading the ledger is anyone's business; so is writing tables that are not the ledger's.
    { code: `${schemaImport}await tx.select().from(transactions).where(eq(transactions.id, id));`, filename: feature },
    { code: `${schemaImport}await tx.update(users).set({ frozenAt: now });`, filename: feature },
    { code: "await tx.execute(sql`select owed_paise from credit_accounts where id = ${id} for update`);", filename: feature },
    { code: "await tx.execute(sql`update users set frozen_at = ${now} where id = ${id}`);", filename: feature },
    { code: "await tx.execute(sql`insert into payment_reports (id) values (${id}) on conflict (id) do update set note = excluded.note`);", filename: feature },
    // A local object of the same name is not the schema's table, and a Set's delete is not SQL.
    { code: 'const transactions = new Set(); transactions.delete(id); seen.delete(transactions);', filename: feature },
    // The ledger itself, migrations, test fixtures and the benchmark seeder are the named exceptions.
    { code: `${schemaImport}await tx.update(creditAccounts).set({ owedPaise });`, filename: 'server/ledger/ledger.ts' },
    { code: "await tx.execute(sql`update credit_accounts set owed_paise = 0`);", filename: 'server/ledger/reconcile.test.ts' },
    { code: "await db.execute(sql`update business_daily set fee_paise = fee_paise + 1`);", filename: 'server/features/payments/payments.test.ts' },
    { code: "await db.execute(sql`insert into transactions (id) values (${id})`);", filename: 'server/test/context.ts' },
    { code: "await pool.query('insert into transactions (id) values ($1)', [id]);", filename: 'e2e/api-seeding.ts' },
    { code: "await pool.query('update credit_accounts set owed_paise = 0');", filename: 'resilience/lib.ts' },
    { code: "await pool.query('insert into business_daily (business_id) values ($1)', [id]);", filename: 'bench/seed.ts' },
    { code: "await pool.query('update credit_accounts set overdue_on = overdue_on - 1');", filename: 'bench/dues.ts' },
  ],
  invalid: [
    // Drizzle's builders on each of the ledger's tables.
    invalid('await tx.insert(transactions).values(row);'),
    invalid('await tx.update(creditAccounts).set({ owedPaise: 0 }).where(eq(creditAccounts.id, id));'),
    invalid('await tx.delete(businessDaily).where(eq(businessDaily.day, day));'),
    invalid('await tx.insert(businessCounters).values(row).onConflictDoUpdate({ target: [businessCounters.businessId], set: row });'),
    invalid('await tx.update(customerLastPaidDays).set({ customers: 0 });'),
    // Renamed on import, or through the schema's namespace.
    { code: "import { creditAccounts as accounts } from '../../db/schema';\nawait tx.update(accounts).set({ owedPaise: 0 });", filename: feature, errors: [{ messageId: 'write' }] },
    { code: "import * as schema from '@server/db/schema';\nawait db.delete(schema.transactions);", filename: feature, errors: [{ messageId: 'write' }] },
    // Raw SQL: in a template, across lines, around interpolations, in a plain string, quoted or qualified.
    invalid('await tx.execute(sql`update credit_accounts set owed_paise = owed_paise - ${amount} where id = ${id}`);'),
    invalid('await tx.execute(sql`\n  insert into\n    transactions (id, type) values (${id}, \'refund\')`);'),
    invalid('await tx.execute(sql`update ${creditAccounts} set limit_paise = ${limit}`);'),
    invalid("await pool.query('DELETE FROM business_daily WHERE day < $1', [day]);"),
    invalid('await pool.query("update public.business_counters set refunds = refunds + 1");'),
    invalid('await pool.query(\'insert into "customer_last_paid_days" (day, slot, customers) values ($1, 0, 1)\');'),
    invalid("await pool.query('truncate transactions');"),
    // Anywhere outside the exceptions: the command line, the benchmarks' other files, web code.
    invalid("await db.execute(sql`update credit_accounts set due_deferred_to = null`);", 1, 'server/cli/admin.ts'),
    invalid("await pool.query('update transactions set due_on = null');", 1, 'bench/hot.ts'),
    invalid("await db.execute(sql`update credit_accounts set owed_paise = 0`);", 1, 'server/features/payments/payments.fixtures.ts'),
  ],
});

describe('the ledger writes check of SQL text', () => {
  it('finds each write to a ledger table and nothing else', () => {
    const text = `
      update credit_accounts set owed_paise = owed_paise - v_total where id = p_account_id;
      select 1 from transactions for update;
      insert into payment_reports (id) values (p_id) on conflict (id) do update set note = excluded.note;
      insert into business_daily (business_id, day, slot) values (p_business_id, v_day, v_slot);`;
    expect(findLedgerWrites(text).map((found) => `${found.text} → ${found.table}`)).toEqual([
      'update credit_accounts → credit_accounts',
      'insert into business_daily → business_daily',
    ]);
  });

  it('names every exception with its reason, and the SQL functions outside server/ledger/ are not one', () => {
    expect(isLedgerWriteException('server/ledger/functions/khata_refund.sql')).toBe(true);
    expect(isLedgerWriteException('server/db/migrations/0012_refunds.sql')).toBe(true);
    expect(isLedgerWriteException('server/db/functions/khata_refund.sql')).toBe(false);
    expect(isLedgerWriteException('server/features/payments/payments.repository.ts')).toBe(false);
    expect(ledgerTables.map((t) => t.table)).toEqual(['transactions', 'credit_accounts', 'business_counters', 'business_daily', 'customer_last_paid_days']);
  });

  it('fails lint through eslint.config.js for a feature that writes the ledger, not for the ledger', async () => {
    const eslint = new ESLint();
    const code = "import { sql } from 'drizzle-orm';\nexport const zero = sql`update credit_accounts set owed_paise = 0`;\n";
    const ruleIds = async (filePath: string) =>
      (await eslint.lintText(code, { filePath }))[0]!.messages.map((message) => message.ruleId);
    expect(await ruleIds('server/features/payments/payments.repository.ts')).toContain('khata-ledger/ledger-writes');
    expect(await ruleIds('server/ledger/ledger.ts')).not.toContain('khata-ledger/ledger-writes');
  }, 60_000);
});
