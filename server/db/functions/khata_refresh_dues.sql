-- khata_refresh_dues: an account's next due date after what it owes went down (issue 16;
-- docs/decisions.md, "Dues"). Repayments clear the oldest payments first: with repaid =
-- charged − owed, the payments not yet cleared are those whose charged_paise_after is above
-- repaid (an index range on transactions_account_charged_idx). Their earliest effective due
-- date (greatest(due_on, due_deferred_to)) is the account's next_due_on, the column the
-- "To collect" card's index reads. When nothing is owed, no date and no deferral remain.
-- Called in the transaction that lowered owed (cash repayment, confirmed UPI claim) or moved
-- the due date, after that UPDATE, so the account row is already this transaction's; khata_pay
-- keeps next_due_on itself (a payment can only bring the date nearer). Twin: reconcile.
CREATE OR REPLACE FUNCTION khata_refresh_dues(p_account_id uuid) RETURNS date
LANGUAGE sql AS $$
  UPDATE credit_accounts a SET
    next_due_on = CASE WHEN a.owed_paise = 0 THEN NULL ELSE (
      SELECT greatest(min(t.due_on), a.due_deferred_to) FROM transactions t
      WHERE t.credit_account_id = a.id AND t.type = 'payment' AND t.charged_paise_after > a.charged_paise - a.owed_paise
    ) END,
    due_deferred_to = CASE WHEN a.owed_paise = 0 THEN NULL ELSE a.due_deferred_to END
  WHERE a.id = p_account_id
  RETURNING a.next_due_on
$$;
