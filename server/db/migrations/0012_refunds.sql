CREATE TABLE "payment_reports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"transaction_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"credit_account_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"froze" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decline_reason" text,
	"refund_transaction_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "payment_reports_reason_check" CHECK ("payment_reports"."reason" in ('not_me', 'wrong_amount', 'goods_returned', 'other')),
	CONSTRAINT "payment_reports_status_check" CHECK ("payment_reports"."status" in ('open', 'refunded', 'declined')),
	CONSTRAINT "payment_reports_refunded_check" CHECK (("payment_reports"."status" = 'refunded') = ("payment_reports"."refund_transaction_id" is not null)),
	CONSTRAINT "payment_reports_declined_check" CHECK (("payment_reports"."status" = 'declined') = ("payment_reports"."decline_reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" RENAME COLUMN "customer_id" TO "user_id";--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_type_check";--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP CONSTRAINT "idempotency_keys_customer_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP CONSTRAINT "idempotency_keys_customer_id_key_pk";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key");--> statement-breakpoint
ALTER TABLE "business_counters" ADD COLUMN "refunds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "business_daily" ADD COLUMN "refunds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "business_daily" ADD COLUMN "refunded_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_daily" ADD COLUMN "refunds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_daily" ADD COLUMN "refunded_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "original_id" uuid;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "frozen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_reports" ADD CONSTRAINT "payment_reports_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reports" ADD CONSTRAINT "payment_reports_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reports" ADD CONSTRAINT "payment_reports_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reports" ADD CONSTRAINT "payment_reports_credit_account_id_credit_accounts_id_fk" FOREIGN KEY ("credit_account_id") REFERENCES "public"."credit_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reports" ADD CONSTRAINT "payment_reports_refund_transaction_id_transactions_id_fk" FOREIGN KEY ("refund_transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_reports_transaction_unique" ON "payment_reports" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "payment_reports_business_status_idx" ON "payment_reports" USING btree ("business_id","status","created_at");--> statement-breakpoint
CREATE INDEX "payment_reports_open_idx" ON "payment_reports" USING btree ("created_at") WHERE "payment_reports"."status" = 'open';--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transactions_original_idx" ON "transactions" USING btree ("original_id") WHERE "transactions"."original_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_reversal_unique" ON "transactions" USING btree ("original_id") WHERE "transactions"."type" = 'reversal';--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_original_check" CHECK (("transactions"."type" in ('refund', 'reversal')) = ("transactions"."original_id" is not null));--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_type_check" CHECK ("transactions"."type" in ('payment', 'repayment', 'adjustment', 'refund', 'reversal'));