CREATE TABLE "counter_enrolments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"name" text NOT NULL,
	"limit_paise" bigint NOT NULL,
	"language" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"customer_id" uuid,
	"credit_account_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "counter_enrolments_status_check" CHECK ("counter_enrolments"."status" in ('pending', 'used', 'void')),
	CONSTRAINT "counter_enrolments_limit_check" CHECK ("counter_enrolments"."limit_paise" > 0),
	CONSTRAINT "counter_enrolments_used_check" CHECK (("counter_enrolments"."status" = 'used') = ("counter_enrolments"."credit_account_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "invitation_blocks" (
	"business_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invitation_blocks_business_id_phone_pk" PRIMARY KEY("business_id","phone")
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"name" text NOT NULL,
	"limit_paise" bigint NOT NULL,
	"language" text NOT NULL,
	"code" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"sms_sent" boolean NOT NULL,
	"customer_id" uuid,
	"credit_account_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "invitations_status_check" CHECK ("invitations"."status" in ('pending', 'accepted', 'declined', 'cancelled', 'expired')),
	CONSTRAINT "invitations_limit_check" CHECK ("invitations"."limit_paise" > 0),
	CONSTRAINT "invitations_accepted_check" CHECK (("invitations"."status" = 'accepted') = ("invitations"."credit_account_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "sms_charges" (
	"id" uuid PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"credit_account_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"to_phone" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"fee_paise" bigint NOT NULL,
	"fee_basis_points" integer NOT NULL,
	"note" text,
	"code_hash" text NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"transaction_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "sms_charges_status_check" CHECK ("sms_charges"."status" in ('pending', 'used', 'void')),
	CONSTRAINT "sms_charges_amount_check" CHECK ("sms_charges"."amount_paise" > 0 and "sms_charges"."fee_paise" >= 0),
	CONSTRAINT "sms_charges_used_check" CHECK (("sms_charges"."status" = 'used') = ("sms_charges"."transaction_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "sms_messages" DROP CONSTRAINT "sms_messages_purpose_check";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "pin_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "by_sms_code" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sms_approval" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "counter_enrolments" ADD CONSTRAINT "counter_enrolments_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_enrolments" ADD CONSTRAINT "counter_enrolments_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_enrolments" ADD CONSTRAINT "counter_enrolments_credit_account_id_credit_accounts_id_fk" FOREIGN KEY ("credit_account_id") REFERENCES "public"."credit_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation_blocks" ADD CONSTRAINT "invitation_blocks_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_credit_account_id_credit_accounts_id_fk" FOREIGN KEY ("credit_account_id") REFERENCES "public"."credit_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_charges" ADD CONSTRAINT "sms_charges_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_charges" ADD CONSTRAINT "sms_charges_credit_account_id_credit_accounts_id_fk" FOREIGN KEY ("credit_account_id") REFERENCES "public"."credit_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_charges" ADD CONSTRAINT "sms_charges_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_charges" ADD CONSTRAINT "sms_charges_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "counter_enrolments_phone_created_idx" ON "counter_enrolments" USING btree ("phone","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_code_unique" ON "invitations" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_business_phone_pending_unique" ON "invitations" USING btree ("business_id","phone") WHERE "invitations"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "invitations_phone_created_idx" ON "invitations" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "invitations_business_created_idx" ON "invitations" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "sms_charges_phone_created_idx" ON "sms_charges" USING btree ("to_phone","created_at");--> statement-breakpoint
CREATE INDEX "sms_charges_business_created_idx" ON "sms_charges" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_charges_transaction_unique" ON "sms_charges" USING btree ("transaction_id");--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_purpose_check" CHECK ("sms_messages"."purpose" in ('otp', 'reminder', 'invite', 'charge', 'enrol'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_pin_check" CHECK ("users"."pin_hash" is not null or "users"."role" = 'customer');