/**
 * Reconcile's checks of repayment claims against the ledger (issue 16), one query each in
 * the shape of server/features/transactions/reconcile.ts: each row is one violation,
 * named by an example. A confirmed claim is exactly one repayment of its own account; an
 * undecided or declined claim has none.
 */
import { sql, type SQL } from 'drizzle-orm';

export function claimChecks(): { name: string; query: SQL }[] {
  return [
    {
      name: "each confirmed claim's repayment is on its own account, of its confirmed amount, at most the claimed",
      query: sql`
        select c.id::text as example from repayment_claims c
        left join transactions t on t.id = c.transaction_id
        where c.status = 'confirmed'
          and (t.id is null or t.type <> 'repayment' or t.credit_account_id <> c.credit_account_id
               or t.amount_paise is distinct from c.confirmed_amount_paise or c.confirmed_amount_paise > c.amount_paise
               or c.decided_at is null)`,
    },
    {
      name: 'a pending or declined claim has no repayment, and only a decided claim a decision',
      query: sql`
        select id::text as example from repayment_claims
        where (status <> 'confirmed' and (transaction_id is not null or confirmed_amount_paise is not null))
           or (status = 'pending' and (decided_at is not null or decline_reason is not null))
           or (status = 'declined' and (decided_at is null or decline_reason is null))`,
    },
    {
      name: 'no repayment is named by two claims',
      query: sql`
        select transaction_id::text as example from repayment_claims
        where transaction_id is not null group by transaction_id having count(*) > 1`,
    },
    {
      name: "each claim is its account's: the same business and customer",
      query: sql`
        select c.id::text as example from repayment_claims c
        join credit_accounts a on a.id = c.credit_account_id
        where a.business_id <> c.business_id or a.customer_id <> c.customer_id`,
    },
  ];
}
