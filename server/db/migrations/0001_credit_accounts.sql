CREATE TABLE "business_counters" (
	"business_id" uuid NOT NULL,
	"slot" smallint NOT NULL,
	"customers" integer DEFAULT 0 NOT NULL,
	"credit_issued_paise" bigint DEFAULT 0 NOT NULL,
	"revenue_paise" bigint DEFAULT 0 NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "business_counters_business_id_slot_pk" PRIMARY KEY("business_id","slot")
);
--> statement-breakpoint
CREATE TABLE "business_decisions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"action" text NOT NULL,
	"reason" text,
	"notes" text,
	"decided_by" uuid NOT NULL,
	"decided_at" timestamp with time zone NOT NULL,
	CONSTRAINT "business_decisions_action_check" CHECK ("business_decisions"."action" in ('approve', 'reject'))
);
--> statement-breakpoint
CREATE TABLE "credit_accounts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"limit_paise" bigint NOT NULL,
	"owed_paise" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "credit_accounts_owed_check" CHECK ("credit_accounts"."owed_paise" >= 0),
	CONSTRAINT "credit_accounts_limit_check" CHECK ("credit_accounts"."limit_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "platform_counters" (
	"slot" smallint PRIMARY KEY NOT NULL,
	"pending_businesses" integer DEFAULT 0 NOT NULL,
	"approved_businesses" integer DEFAULT 0 NOT NULL,
	"rejected_businesses" integer DEFAULT 0 NOT NULL,
	"customers" integer DEFAULT 0 NOT NULL,
	"credit_accounts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "businesses_status_created_idx";--> statement-breakpoint
ALTER TABLE "business_counters" ADD CONSTRAINT "business_counters_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_decisions" ADD CONSTRAINT "business_decisions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_decisions" ADD CONSTRAINT "business_decisions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_accounts" ADD CONSTRAINT "credit_accounts_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_accounts" ADD CONSTRAINT "credit_accounts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_decisions_business_idx" ON "business_decisions" USING btree ("business_id","decided_at");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_accounts_customer_business_unique" ON "credit_accounts" USING btree ("customer_id","business_id");--> statement-breakpoint
CREATE INDEX "credit_accounts_business_created_idx" ON "credit_accounts" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "businesses_created_idx" ON "businesses" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "businesses_status_created_idx" ON "businesses" USING btree ("status","created_at","id");--> statement-breakpoint
INSERT INTO "platform_counters" ("slot", "pending_businesses", "approved_businesses", "rejected_businesses", "customers", "credit_accounts")
SELECT 0,
  (SELECT count(*) FROM "businesses" WHERE "status" = 'pending'),
  (SELECT count(*) FROM "businesses" WHERE "status" = 'approved'),
  (SELECT count(*) FROM "businesses" WHERE "status" = 'rejected'),
  (SELECT count(*) FROM "users" WHERE "role" = 'customer'),
  0;
