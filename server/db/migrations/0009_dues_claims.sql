CREATE TABLE "reminders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"credit_account_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reminders_channel_check" CHECK ("reminders"."channel" in ('whatsapp', 'sms'))
);
--> statement-breakpoint
CREATE TABLE "repayment_claims" (
	"id" uuid PRIMARY KEY NOT NULL,
	"credit_account_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"amount_paise" bigint NOT NULL,
	"upi_reference" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"confirmed_amount_paise" bigint,
	"decline_reason" text,
	"transaction_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "repayment_claims_status_check" CHECK ("repayment_claims"."status" in ('pending', 'confirmed', 'declined')),
	CONSTRAINT "repayment_claims_amount_check" CHECK ("repayment_claims"."amount_paise" > 0),
	CONSTRAINT "repayment_claims_reference_check" CHECK ("repayment_claims"."upi_reference" ~ '^[0-9]{12}$'),
	CONSTRAINT "repayment_claims_decision_check" CHECK (("repayment_claims"."status" = 'confirmed') = ("repayment_claims"."transaction_id" is not null and "repayment_claims"."confirmed_amount_paise" is not null))
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "credit_period_days" smallint DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "upi_vpa" text;--> statement-breakpoint
ALTER TABLE "credit_accounts" ADD COLUMN "charged_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_accounts" ADD COLUMN "next_due_on" date;--> statement-breakpoint
ALTER TABLE "credit_accounts" ADD COLUMN "due_deferred_to" date;--> statement-breakpoint
ALTER TABLE "credit_accounts" ADD COLUMN "last_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "due_on" date;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "charged_paise_after" bigint;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_credit_account_id_credit_accounts_id_fk" FOREIGN KEY ("credit_account_id") REFERENCES "public"."credit_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repayment_claims" ADD CONSTRAINT "repayment_claims_credit_account_id_credit_accounts_id_fk" FOREIGN KEY ("credit_account_id") REFERENCES "public"."credit_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repayment_claims" ADD CONSTRAINT "repayment_claims_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repayment_claims" ADD CONSTRAINT "repayment_claims_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repayment_claims" ADD CONSTRAINT "repayment_claims_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reminders_account_sent_idx" ON "reminders" USING btree ("credit_account_id","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "repayment_claims_reference_unique" ON "repayment_claims" USING btree ("business_id","upi_reference") WHERE "repayment_claims"."upi_reference" is not null and "repayment_claims"."status" in ('pending', 'confirmed');--> statement-breakpoint
CREATE UNIQUE INDEX "repayment_claims_transaction_unique" ON "repayment_claims" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "repayment_claims_business_status_idx" ON "repayment_claims" USING btree ("business_id","status","created_at");--> statement-breakpoint
CREATE INDEX "repayment_claims_account_created_idx" ON "repayment_claims" USING btree ("credit_account_id","created_at");--> statement-breakpoint
CREATE INDEX "credit_accounts_business_next_due_idx" ON "credit_accounts" USING btree ("business_id","next_due_on") WHERE "credit_accounts"."next_due_on" is not null;--> statement-breakpoint
CREATE INDEX "transactions_account_charged_idx" ON "transactions" USING btree ("credit_account_id","charged_paise_after") WHERE "transactions"."type" = 'payment';--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_credit_period_check" CHECK ("businesses"."credit_period_days" between 1 and 365);--> statement-breakpoint
-- Dues for the ledger written before this migration (issue 16), as khata_pay now writes
-- them: each payment falls due 30 days (the default credit period) after its India day;
-- charged_paise_after is the account's running total of payments in ledger order; an
-- account's next due date is the earliest due date among the payments its repayments
-- have not yet cleared, oldest first.
UPDATE "transactions" t SET
  "due_on" = ((t."created_at" AT TIME ZONE 'UTC') + interval '5 hours 30 minutes')::date + 30,
  "charged_paise_after" = r."charged"
FROM (SELECT "id", sum("total_paise") OVER (PARTITION BY "credit_account_id" ORDER BY "created_at", "id") AS "charged"
      FROM "transactions" WHERE "type" = 'payment') r
WHERE r."id" = t."id";--> statement-breakpoint
UPDATE "credit_accounts" a SET "charged_paise" = c."charged"
FROM (SELECT "credit_account_id", sum("total_paise") AS "charged" FROM "transactions" WHERE "type" = 'payment' GROUP BY 1) c
WHERE c."credit_account_id" = a."id";--> statement-breakpoint
UPDATE "credit_accounts" a SET "next_due_on" = (
  SELECT min(t."due_on") FROM "transactions" t
  WHERE t."credit_account_id" = a."id" AND t."type" = 'payment' AND t."charged_paise_after" > a."charged_paise" - a."owed_paise")
WHERE a."owed_paise" > 0;--> statement-breakpoint
ALTER TABLE "credit_accounts" ADD CONSTRAINT "credit_accounts_charged_check" CHECK ("credit_accounts"."charged_paise" >= "credit_accounts"."owed_paise");