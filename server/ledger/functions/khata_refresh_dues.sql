-- khata_refresh_dues: an account's next due date and overdue amount after what it owes
-- changed other than by a payment (docs/product.md#dues-and-reminders; docs/decisions.md, "Dues
-- are a running total, not a schedule table" and "Overdue is read, never counted"). Repayments
-- and refunds clear the oldest payments first, and a reversal gives back what its repayment
-- cleared: with repaid = charged − owed (repayments + refunds − reversals), the payments not
-- yet cleared are those whose charged_paise_after is above repaid (an index range on
-- transactions_account_charged_idx).
-- Their earliest effective due date (greatest(due_on, due_deferred_to)) is the account's
-- next_due_on, the column the "To collect" card's index reads; what of them falls due before
-- p_today (the India day of the server's clock) is overdue_paise, cached for that day
-- (overdue_on = p_today). When nothing is owed, no date, no deferral and nothing overdue remain.
-- Called after the UPDATE that changed owed (khata_repay, khata_refund, khata_reverse) or moved
-- the due date (deferDue in server/ledger/ledger.ts), in that transaction, so the account row
-- is already this transaction's; khata_pay keeps next_due_on itself (a payment can only bring
-- the date nearer, and falls due tomorrow at the earliest, so it never changes today's overdue
-- amount). Readers that recompute the same figures: overduePaiseSql in
-- server/features/credit/credit.repository.ts (the card), refreshOverdue in
-- server/ledger/ledger.repository.ts (the day's change); reconcile checks them.
-- Changing the parameter list needs a DROP FUNCTION of the old one first, as below.
DROP FUNCTION IF EXISTS khata_refresh_dues(uuid);
CREATE OR REPLACE FUNCTION khata_refresh_dues(p_account_id uuid, p_today date) RETURNS date
LANGUAGE sql AS $$
  UPDATE credit_accounts a SET
    next_due_on = CASE WHEN a.owed_paise = 0 THEN NULL ELSE (
      SELECT greatest(min(t.due_on), a.due_deferred_to) FROM transactions t
      WHERE t.credit_account_id = a.id AND t.type = 'payment' AND t.charged_paise_after > a.charged_paise - a.owed_paise
    ) END,
    due_deferred_to = CASE WHEN a.owed_paise = 0 THEN NULL ELSE a.due_deferred_to END,
    overdue_paise = CASE WHEN a.owed_paise = 0 THEN 0 ELSE (
      SELECT coalesce(sum(least(t.total_paise, t.charged_paise_after - (a.charged_paise - a.owed_paise))), 0)::bigint
      FROM transactions t
      WHERE t.credit_account_id = a.id AND t.type = 'payment' AND t.charged_paise_after > a.charged_paise - a.owed_paise
        AND greatest(t.due_on, a.due_deferred_to) < p_today
    ) END,
    overdue_on = p_today
  WHERE a.id = p_account_id
  RETURNING a.next_due_on
$$;
