CREATE TABLE "analytics_closed" (
	"id" smallint PRIMARY KEY NOT NULL,
	"today" date NOT NULL,
	"open_from" date NOT NULL,
	CONSTRAINT "analytics_closed_one_row" CHECK ("analytics_closed"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "business_daily" (
	"business_id" uuid NOT NULL,
	"day" date NOT NULL,
	"slot" smallint NOT NULL,
	"revenue_paise" bigint DEFAULT 0 NOT NULL,
	"fee_paise" bigint DEFAULT 0 NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "business_daily_business_id_day_slot_pk" PRIMARY KEY("business_id","day","slot")
);
--> statement-breakpoint
CREATE TABLE "business_period_totals" (
	"days" smallint NOT NULL,
	"business_id" uuid NOT NULL,
	"revenue_paise" bigint NOT NULL,
	"payments" integer NOT NULL,
	CONSTRAINT "business_period_totals_days_business_id_pk" PRIMARY KEY("days","business_id")
);
--> statement-breakpoint
CREATE TABLE "customer_last_paid_days" (
	"day" date NOT NULL,
	"slot" smallint NOT NULL,
	"customers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "customer_last_paid_days_day_slot_pk" PRIMARY KEY("day","slot")
);
--> statement-breakpoint
CREATE TABLE "platform_daily" (
	"day" date PRIMARY KEY NOT NULL,
	"revenue_paise" bigint NOT NULL,
	"fee_paise" bigint NOT NULL,
	"payments" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "platform_counters" ADD COLUMN "credit_limit_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_paid_on" date;--> statement-breakpoint
CREATE INDEX "business_daily_day_idx" ON "business_daily" USING btree ("day");--> statement-breakpoint
CREATE INDEX "users_role_created_idx" ON "users" USING btree ("role","created_at");--> statement-breakpoint
-- Payments made before this migration, rolled up as khata_pay now rolls them up as they
-- land (issue 15): each merchant's India days (UTC+05:30 all year) on slot 0, each
-- customer's last day with a payment and the count per such day, and the sum of limits.
INSERT INTO "business_daily" ("business_id", "day", "slot", "revenue_paise", "fee_paise", "payments")
SELECT "business_id", (("created_at" AT TIME ZONE 'UTC') + interval '5 hours 30 minutes')::date, 0,
       sum("amount_paise"), sum("fee_paise"), count(*)
FROM "transactions" WHERE "type" = 'payment' GROUP BY 1, 2;--> statement-breakpoint
UPDATE "users" u SET "last_paid_on" = t."day"
FROM (SELECT "customer_id", max((("created_at" AT TIME ZONE 'UTC') + interval '5 hours 30 minutes')::date) AS "day"
      FROM "transactions" WHERE "type" = 'payment' GROUP BY 1) t
WHERE t."customer_id" = u."id";--> statement-breakpoint
INSERT INTO "customer_last_paid_days" ("day", "slot", "customers")
SELECT "last_paid_on", 0, count(*) FROM "users" WHERE "last_paid_on" IS NOT NULL GROUP BY 1;--> statement-breakpoint
INSERT INTO "platform_counters" ("slot", "credit_limit_paise")
SELECT 0, sum("limit_paise") FROM "credit_accounts" HAVING count(*) > 0
ON CONFLICT ("slot") DO UPDATE SET "credit_limit_paise" = "platform_counters"."credit_limit_paise" + excluded."credit_limit_paise";
