CREATE TABLE "job_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminder_batches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminder_links" (
	"code" text PRIMARY KEY NOT NULL,
	"credit_account_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminder_preferences" (
	"credit_account_id" uuid PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"excluded_at" timestamp with time zone,
	"opted_out_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reminder_schedules" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"overdue_every_days" smallint,
	"before_due_days" smallint,
	"hour" smallint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reminder_schedules_every_check" CHECK ("reminder_schedules"."overdue_every_days" between 1 and 30),
	CONSTRAINT "reminder_schedules_before_check" CHECK ("reminder_schedules"."before_due_days" between 0 and 7),
	CONSTRAINT "reminder_schedules_hour_check" CHECK ("reminder_schedules"."hour" between 9 and 20)
);
--> statement-breakpoint
CREATE TABLE "sms_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"business_id" uuid,
	"credit_account_id" uuid,
	"batch_id" uuid,
	"kind" text,
	"dedupe_key" text,
	"to_phone" text NOT NULL,
	"language" text NOT NULL,
	"template" text NOT NULL,
	"variables" jsonb,
	"status" text NOT NULL,
	"provider" text,
	"provider_message_id" text,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "sms_messages_purpose_check" CHECK ("sms_messages"."purpose" in ('otp', 'reminder')),
	CONSTRAINT "sms_messages_status_check" CHECK ("sms_messages"."status" in ('queued', 'sending', 'sent', 'delivered', 'failed')),
	CONSTRAINT "sms_messages_kind_check" CHECK ("sms_messages"."kind" in ('overdue', 'before_due', 'bulk')),
	CONSTRAINT "sms_messages_reminder_check" CHECK (("sms_messages"."purpose" = 'reminder') = ("sms_messages"."credit_account_id" is not null and "sms_messages"."kind" is not null))
);
--> statement-breakpoint
ALTER TABLE "reminder_batches" ADD CONSTRAINT "reminder_batches_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_links" ADD CONSTRAINT "reminder_links_credit_account_id_credit_accounts_id_fk" FOREIGN KEY ("credit_account_id") REFERENCES "public"."credit_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_links" ADD CONSTRAINT "reminder_links_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_links" ADD CONSTRAINT "reminder_links_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_preferences" ADD CONSTRAINT "reminder_preferences_credit_account_id_credit_accounts_id_fk" FOREIGN KEY ("credit_account_id") REFERENCES "public"."credit_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_preferences" ADD CONSTRAINT "reminder_preferences_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_schedules" ADD CONSTRAINT "reminder_schedules_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_credit_account_id_credit_accounts_id_fk" FOREIGN KEY ("credit_account_id") REFERENCES "public"."credit_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reminder_batches_business_idx" ON "reminder_batches" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "reminder_links_expires_idx" ON "reminder_links" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "reminder_preferences_business_idx" ON "reminder_preferences" USING btree ("business_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_messages_account_dedupe_unique" ON "sms_messages" USING btree ("credit_account_id","dedupe_key") WHERE "sms_messages"."dedupe_key" is not null;--> statement-breakpoint
CREATE INDEX "sms_messages_provider_id_idx" ON "sms_messages" USING btree ("provider","provider_message_id") WHERE "sms_messages"."provider_message_id" is not null;--> statement-breakpoint
CREATE INDEX "sms_messages_queue_idx" ON "sms_messages" USING btree ("created_at") WHERE "sms_messages"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "sms_messages_business_created_idx" ON "sms_messages" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "sms_messages_account_created_idx" ON "sms_messages" USING btree ("credit_account_id","created_at");--> statement-breakpoint
CREATE INDEX "sms_messages_batch_idx" ON "sms_messages" USING btree ("batch_id") WHERE "sms_messages"."batch_id" is not null;--> statement-breakpoint
CREATE INDEX "sms_messages_created_idx" ON "sms_messages" USING btree ("created_at");