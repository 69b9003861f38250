ALTER TABLE "credit_accounts" ADD COLUMN "overdue_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_accounts" ADD COLUMN "overdue_on" date;--> statement-breakpoint
-- The "To collect" card reads each overdue account's cached figure from this index alone
-- (docs/decisions.md, "Overdue is read, never counted."). Drizzle cannot say INCLUDE, so
-- the index is rebuilt here by hand; payments never change the included columns. No
-- backfill: overdue_on starts NULL, which the card recomputes and the maintenance job fills.
DROP INDEX "credit_accounts_business_next_due_idx";--> statement-breakpoint
CREATE INDEX "credit_accounts_business_next_due_idx" ON "credit_accounts" USING btree ("business_id","next_due_on")
  INCLUDE ("id","overdue_on","overdue_paise") WHERE "credit_accounts"."next_due_on" is not null;
