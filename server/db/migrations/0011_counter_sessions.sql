ALTER TABLE "sessions" ADD COLUMN "kind" text DEFAULT 'full' NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "pin_confirmed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "reminders_sent_idx" ON "reminders" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "repayment_claims_declined_idx" ON "repayment_claims" USING btree ("decided_at") WHERE "repayment_claims"."status" = 'declined';--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_kind_check" CHECK ("sessions"."kind" in ('full', 'counter'));