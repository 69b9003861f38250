/**
 * Checks every invariant of the ledger (docs/product.md#ledger) across the tables that
 * keep it: accounts, codes, payments approved by SMS code, who wrote each row, refunds and
 * reversals, counters, rollups, dues, repayment claims and payment reports. Each check is one query that counts
 * violations and shows a few examples; a clean ledger has none anywhere. It reads tables
 * only, never a feature or the ledger's own code, so it is the ledger's oracle and every
 * test of money ends with it.
 */
import { sql, type SQL } from 'drizzle-orm';
import { shopRoles } from '@common/permissions';
import { analyticsPeriodDays } from '@common/schemas/admin';
import { indiaDay, indiaDaySql } from '../india-days';
import { rowsOf, type Executor } from '../db/client';

interface Check { name: string; query: SQL }

/** A ledger row's India day, as the ledger's functions compute it. */
const indiaDayOf = indiaDaySql(sql.raw('created_at'));
const indiaDayOfX = indiaDaySql(sql.raw('x.created_at'));

/**
 * What a ledger row does to what its customer owes: a payment adds its total, a repayment
 * and a refund take theirs off, a reversal restores the repayment it reverses.
 */
const owedChange = sql.raw(`case type when 'repayment' then -total_paise when 'refund' then -total_paise else total_paise end`);
/** What a row does to revenue and to fees: a refund takes back its part of a payment's. */
const revenueChange = sql.raw(`case type when 'payment' then amount_paise when 'refund' then -amount_paise else 0 end`);
const feeChange = sql.raw(`case type when 'payment' then fee_paise when 'refund' then -fee_paise else 0 end`);
const refunded = sql.raw(`case type when 'refund' then amount_paise else 0 end`);
const roles = sql.raw(shopRoles.map((role) => `'${role}'`).join(', '));

const checks = (today: string): Check[] => [
  {
    name: "each account's owed amount equals its payment totals minus its repayments and refund totals plus its reversals",
    query: sql`
      select a.id::text as example from credit_accounts a
      left join (select credit_account_id, sum(${owedChange}) as net from transactions group by credit_account_id) t
        on t.credit_account_id = a.id
      where a.owed_paise <> coalesce(t.net, 0)`,
  },
  {
    name: 'every fee follows round_half_up(amount × rate / 10000) at the rate recorded on its payment',
    query: sql`
      select id::text as example from transactions
      where type = 'payment' and fee_paise <> (amount_paise * fee_basis_points + 5000) / 10000`,
  },
  {
    name: 'no payment committed above the limit in force',
    query: sql`select id::text as example from transactions where type = 'payment' and owed_paise_after > limit_paise_after`,
  },
  {
    name: 'no dynamic code paid twice, and each was paid its own amount at its own rate',
    query: sql`
      select q.id::text as example from qr_codes q
      join transactions t on t.qr_code_id = q.id and t.type = 'payment'
      where q.amount_paise is not null
      group by q.id, q.amount_paise, q.fee_basis_points
      having count(*) > 1 or bool_or(t.amount_paise <> q.amount_paise or t.fee_basis_points <> q.fee_basis_points)`,
  },
  {
    name: 'a paid dynamic code has its payment',
    query: sql`
      select q.id::text as example from qr_codes q
      where q.amount_paise is not null and q.paid_at is not null
        and not exists (select 1 from transactions t where t.qr_code_id = q.id and t.type = 'payment')`,
  },
  {
    // The ledger keeps no foreign key to qr_codes (schema.ts says why), so this checks it.
    name: "every payment's code exists and belongs to the payment's business",
    query: sql`
      select t.id::text as example from transactions t
      left join qr_codes q on q.id = t.qr_code_id
      where t.qr_code_id is not null and (q.id is null or q.business_id <> t.business_id)`,
  },
  // Payments approved by SMS code against their charges (khata_charge).
  {
    name: 'every payment approved by SMS code is the ledger row of one used charge of its account, amount, fee and rate, with no QR code',
    query: sql`
      select t.id::text as example from transactions t
      left join sms_charges c on c.transaction_id = t.id
      where t.by_sms_code
        and (t.type <> 'payment' or t.qr_code_id is not null or c.id is null or c.status <> 'used'
             or c.credit_account_id <> t.credit_account_id or c.business_id <> t.business_id or c.customer_id <> t.customer_id
             or c.amount_paise <> t.amount_paise or c.fee_paise <> t.fee_paise or c.fee_basis_points <> t.fee_basis_points
             or c.decided_at is null)`,
  },
  {
    name: 'every used charge names a payment approved by SMS code',
    query: sql`
      select c.id::text as example from sms_charges c
      left join transactions t on t.id = c.transaction_id
      where c.status = 'used' and (t.id is null or not t.by_sms_code)`,
  },
  // Who wrote each row: a person at the shop (khata_actor), or the customer paying. The rows
  // that must name a person are those migration 0016 gave the founding owner; an adjustment
  // (none is written today) may name one or not, but one it names is of its shop.
  {
    name: "every row a person at the shop wrote (repayments, refunds, reversals, payments approved by SMS code) names a member of the row's business in one of the roles, any other row that names one does too, and a customer's own payment names nobody",
    query: sql`
      select t.id::text as example from transactions t
      left join shop_members m on m.id = t.actor_member_id
      where (t.type = 'payment' and not t.by_sms_code and (t.actor_member_id is not null or t.actor_role is not null))
         or ((t.type in ('repayment', 'refund', 'reversal') or t.by_sms_code) and t.actor_member_id is null)
         or ((t.actor_member_id is not null or t.actor_role is not null)
             and (m.id is null or m.business_id <> t.business_id or t.actor_role is null or t.actor_role not in (${roles})))`,
  },
  // Refunds and reversals against the rows they give back.
  {
    name: "every refund gives back a payment and every reversal a repayment of its own account, a refund at its payment's rate, a reversal the whole repayment",
    query: sql`
      select r.id::text as example from transactions r
      left join transactions o on o.id = r.original_id
      where r.type in ('refund', 'reversal')
        and (o.id is null or o.credit_account_id <> r.credit_account_id
             or (r.type = 'refund' and (o.type <> 'payment' or r.fee_basis_points <> o.fee_basis_points))
             or (r.type = 'reversal' and (o.type <> 'repayment' or r.amount_paise <> o.amount_paise or r.fee_paise <> 0)))`,
  },
  {
    name: 'no payment is refunded above its amount',
    query: sql`
      select p.id::text as example from transactions p
      join transactions r on r.original_id = p.id and r.type = 'refund'
      where p.type = 'payment'
      group by p.id, p.amount_paise having sum(r.amount_paise) > p.amount_paise`,
  },
  {
    // A share is the rounding capped at the fee not yet given back, and the refund that
    // empties the payment takes what is left of it. So only that refund may be above the
    // rounding, and one below it means the whole fee is back: true in any order of refunds.
    name: "each payment's refunds carry fee shares of round_half_up(fee × refund ÷ amount) but the last, summing to at most its fee and to its fee when refunded in full",
    query: sql`
      select p.id::text as example from transactions p
      join transactions r on r.original_id = p.id and r.type = 'refund'
      cross join lateral (select (2 * p.fee_paise * r.amount_paise + p.amount_paise) / (2 * p.amount_paise) as rounded) s
      where p.type = 'payment'
      group by p.id, p.amount_paise, p.fee_paise
      having sum(r.fee_paise) > p.fee_paise
          or (sum(r.amount_paise) = p.amount_paise and sum(r.fee_paise) <> p.fee_paise)
          or count(*) filter (where r.fee_paise > s.rounded) > case when sum(r.amount_paise) = p.amount_paise then 1 else 0 end
          or (bool_or(r.fee_paise < s.rounded) and sum(r.fee_paise) <> p.fee_paise)`,
  },
  {
    name: 'no refund leaves a negative balance',
    query: sql`select id::text as example from transactions where type = 'refund' and owed_paise_after < 0`,
  },
  {
    name: 'no repayment is reversed twice, nor one a confirmed claim wrote',
    query: sql`
      select original_id::text as example from transactions
      where type = 'reversal' group by original_id having count(*) > 1
      union all
      select r.id::text from transactions r
      join repayment_claims c on c.transaction_id = r.original_id and c.status = 'confirmed'
      where r.type = 'reversal'`,
  },
  {
    // Revenue is net of refunds and credit issued is what is owed; refunds never lower the
    // payment count, they are counted on their own.
    name: "each merchant's counters equal its ledger",
    query: sql`
      select b.id::text as example from businesses b
      left join (select business_id, sum(customers) as customers, sum(credit_issued_paise) as issued,
                        sum(revenue_paise) as revenue, sum(payments) as payments, sum(refunds) as refunds
                 from business_counters group by business_id) c on c.business_id = b.id
      left join (select business_id, count(*) as customers from credit_accounts group by business_id) a on a.business_id = b.id
      left join (select business_id, sum(${owedChange}) as issued, sum(${revenueChange}) as revenue,
                        count(*) filter (where type = 'payment') as payments, count(*) filter (where type = 'refund') as refunds
                 from transactions group by business_id) t on t.business_id = b.id
      where coalesce(c.customers, 0) <> coalesce(a.customers, 0)
         or coalesce(c.issued, 0) <> coalesce(t.issued, 0)
         or coalesce(c.revenue, 0) <> coalesce(t.revenue, 0)
         or coalesce(c.payments, 0) <> coalesce(t.payments, 0)
         or coalesce(c.refunds, 0) <> coalesce(t.refunds, 0)`,
  },
  // The rollups, each against the ledger it sums (India days: UTC+05:30). A refund is an
  // event of its own day: it takes its amount and fee share off that day's revenue and fees,
  // and its amount is that day's refunded.
  {
    name: "each merchant's daily rollups equal its payments and refunds of that India day",
    query: sql`
      select coalesce(d.business_id, t.business_id)::text || ' ' || coalesce(d.day, t.day)::text as example
      from (select business_id, day, sum(revenue_paise) as revenue, sum(fee_paise) as fees, sum(payments) as payments,
                   sum(refunds) as refunds, sum(refunded_paise) as refunded
            from business_daily group by business_id, day) d
      full join (select business_id, ${indiaDayOf} as day, sum(${revenueChange}) as revenue, sum(${feeChange}) as fees,
                        count(*) filter (where type = 'payment') as payments, count(*) filter (where type = 'refund') as refunds,
                        sum(${refunded}) as refunded
                 from transactions where type in ('payment', 'refund') group by business_id, 2) t
        on t.business_id = d.business_id and t.day = d.day
      where d.revenue is distinct from t.revenue or d.fees is distinct from t.fees or d.payments is distinct from t.payments
         or d.refunds is distinct from t.refunds or d.refunded is distinct from t.refunded`,
  },
  {
    name: "each customer's last day with a payment is their newest payment's India day",
    query: sql`
      select u.id::text as example from users u
      left join (select customer_id, max(${indiaDayOf}) as day from transactions where type = 'payment' group by customer_id) t
        on t.customer_id = u.id
      where u.last_paid_on is distinct from t.day`,
  },
  {
    name: 'the customers counted on each last day with a payment are the customers whose last day it is',
    query: sql`
      select coalesce(h.day, u.day)::text as example
      from (select day, sum(customers) as customers from customer_last_paid_days group by day) h
      full join (select last_paid_on as day, count(*) as customers from users where last_paid_on is not null
                 group by last_paid_on) u on u.day = h.day
      where coalesce(h.customers, 0) <> coalesce(u.customers, 0)`,
  },
  {
    name: "each closed day of the platform's analytics equals its payments and refunds",
    query: sql`
      select p.day::text as example from platform_daily p
      left join (select ${indiaDayOf} as day, sum(${revenueChange}) as revenue, sum(${feeChange}) as fees,
                        count(*) filter (where type = 'payment') as payments, count(*) filter (where type = 'refund') as refunds,
                        sum(${refunded}) as refunded
                 from transactions where type in ('payment', 'refund') group by 1) t on t.day = p.day
      where p.revenue_paise <> coalesce(t.revenue, 0) or p.fee_paise <> coalesce(t.fees, 0)
         or p.payments <> coalesce(t.payments, 0) or p.refunds <> coalesce(t.refunds, 0)
         or p.refunded_paise <> coalesce(t.refunded, 0)`,
  },
  {
    name: "each merchant's period totals equal its payments and refunds on the period's closed days",
    query: sql`
      with periods as (
        select p.days, c.today - p.days + 1 as first_day, c.open_from from analytics_closed c
        cross join (values ${sql.raw(analyticsPeriodDays.map((days) => `(${days})`).join(', '))}) as p(days)
      )
      select coalesce(b.days, t.days)::text || ' ' || coalesce(b.business_id, t.business_id)::text as example
      from business_period_totals b
      full join (select periods.days, x.business_id,
                        sum(case x.type when 'payment' then x.amount_paise else -x.amount_paise end) as revenue,
                        count(*) filter (where x.type = 'payment') as payments
                 from periods join transactions x on x.type in ('payment', 'refund')
                   and ${indiaDayOfX} >= periods.first_day and ${indiaDayOfX} < periods.open_from
                 group by periods.days, x.business_id) t on t.days = b.days and t.business_id = b.business_id
      where b.revenue_paise is distinct from t.revenue or b.payments is distinct from t.payments`,
  },
  // Dues: khata_pay writes them, khata_refresh_dues recomputes them after a repayment, a
  // refund, a reversal or a due-date move; these recompute them from the ledger. A refund
  // lowers what is owed as a repayment does, so it clears the oldest payments first.
  {
    name: "each account's charged amount equals the sum of its payment totals",
    query: sql`
      select a.id::text as example from credit_accounts a
      left join (select credit_account_id, sum(total_paise) as charged from transactions
                 where type = 'payment' group by credit_account_id) t on t.credit_account_id = a.id
      where a.charged_paise <> coalesce(t.charged, 0)`,
  },
  {
    name: "each account's payments carry its running charged total and a due date, in order, and no other row does",
    query: sql`
      select id::text as example from (
        select id, type, due_on, total_paise, charged_paise_after,
               lag(charged_paise_after) over (partition by credit_account_id order by charged_paise_after, created_at, id) as previous
        from transactions where type = 'payment'
      ) p
      where p.due_on is null or p.charged_paise_after is null
         or p.charged_paise_after <> coalesce(p.previous, 0) + p.total_paise
      union all
      select id::text from transactions where type <> 'payment' and (due_on is not null or charged_paise_after is not null)`,
  },
  {
    name: "each account's next due date is the earliest effective due date of its unpaid payments, none when nothing is owed",
    query: sql`
      select a.id::text as example from credit_accounts a
      where a.next_due_on is distinct from (case when a.owed_paise = 0 then null else (
        select greatest(min(t.due_on), a.due_deferred_to) from transactions t
        where t.credit_account_id = a.id and t.type = 'payment' and t.charged_paise_after > a.charged_paise - a.owed_paise
      ) end)`,
  },
  {
    // The cache of the "To collect" card (khata_refresh_dues, the maintenance job): a
    // figure for today must be today's; one for another day is never read, so not checked.
    name: "each account's overdue amount cached for today equals what is overdue today",
    query: sql`
      select a.id::text as example from credit_accounts a
      where a.overdue_on = ${today}::date and a.overdue_paise <> (
        select coalesce(sum(least(t.total_paise, t.charged_paise_after - (a.charged_paise - a.owed_paise))), 0)
        from transactions t
        where t.credit_account_id = a.id and t.type = 'payment' and t.charged_paise_after > a.charged_paise - a.owed_paise
          and greatest(t.due_on, a.due_deferred_to) < ${today}::date)`,
  },
  {
    name: 'no account that owes nothing keeps a moved due date',
    query: sql`select id::text as example from credit_accounts where owed_paise = 0 and due_deferred_to is not null`,
  },
  {
    name: "the platform's credit granted equals the sum of every account's limit",
    query: sql`
      select 'platform' as example
      where (select coalesce(sum(credit_limit_paise), 0) from platform_counters)
         <> (select coalesce(sum(limit_paise), 0) from credit_accounts)`,
  },
  // Repayment claims against their repayments: a confirmed claim is exactly one repayment
  // of its own account; an undecided or declined claim has none.
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
  // Payment reports: each is about one payment of its customer at its business, and a
  // refunded report names the refund that answered it.
  {
    name: "each report is about a payment of its own customer, business and account",
    query: sql`
      select r.id::text as example from payment_reports r
      join transactions t on t.id = r.transaction_id
      where t.type <> 'payment' or t.customer_id <> r.customer_id or t.business_id <> r.business_id
         or t.credit_account_id <> r.credit_account_id`,
  },
  {
    name: 'a report is refunded exactly when it names a refund of its own payment',
    query: sql`
      select r.id::text as example from payment_reports r
      left join transactions t on t.id = r.refund_transaction_id
      where (r.status = 'refunded') <> (r.refund_transaction_id is not null)
         or (r.refund_transaction_id is not null and (t.id is null or t.type <> 'refund' or t.original_id <> r.transaction_id))`,
  },
  {
    name: 'only an answered report has a decision time, and only a declined one a decline reason',
    query: sql`
      select id::text as example from payment_reports
      where (status = 'open') <> (decided_at is null) or (status = 'declined') <> (decline_reason is not null)`,
  },
];

export interface ReconcileReport {
  clean: boolean;
  results: { name: string; violations: number; examples: string[] }[];
}

/**
 * `today` is the India day of the server's clock: the day whose cached figures are checked.
 * Inside a transaction (`db` a Tx), it sees that transaction's writes: tests corrupt a row
 * and roll back.
 */
export async function reconcile(db: Executor, today: string = indiaDay(new Date())): Promise<ReconcileReport> {
  const results = [];
  for (const check of checks(today)) {
    const rows = rowsOf<{ example: string }>(await db.execute(check.query));
    results.push({ name: check.name, violations: rows.length, examples: rows.slice(0, 5).map((r) => r.example) });
  }
  return { clean: results.every((r) => r.violations === 0), results };
}
