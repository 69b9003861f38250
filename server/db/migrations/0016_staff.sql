CREATE TABLE "shop_audit" (
	"id" uuid PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"role" text NOT NULL,
	"action" text NOT NULL,
	"subject" text,
	"amount_paise" bigint,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "shop_audit_role_check" CHECK ("shop_audit"."role" in ('owner', 'manager', 'cashier')),
	CONSTRAINT "shop_audit_action_check" CHECK ("shop_audit"."action" in ('repayment', 'refund', 'reversal', 'charge', 'credit_account_opened', 'limit_changed', 'due_date_moved', 'customer_invited', 'customer_invitation_cancelled', 'counter_signup', 'claim_confirmed', 'claim_declined', 'report_declined', 'reminder_sent', 'reminders_sent', 'reminder_settings_changed', 'reminder_exclusion_changed', 'settings_changed', 'payment_code_created', 'staff_invited', 'staff_invitation_cancelled', 'staff_joined', 'staff_changed', 'staff_revoked', 'counter_opened', 'counter_closed'))
);
--> statement-breakpoint
CREATE TABLE "shop_members" (
	"id" uuid PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"name" text NOT NULL,
	"founding" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"single_limit_paise" bigint,
	"daily_limit_paise" bigint,
	"invited_by_member_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by_member_id" uuid,
	CONSTRAINT "shop_members_role_check" CHECK ("shop_members"."role" in ('owner', 'manager', 'cashier')),
	CONSTRAINT "shop_members_status_check" CHECK ("shop_members"."status" in ('active', 'revoked')),
	CONSTRAINT "shop_members_limits_check" CHECK (("shop_members"."role" = 'owner') = ("shop_members"."single_limit_paise" is null and "shop_members"."daily_limit_paise" is null)),
	CONSTRAINT "shop_members_limits_positive_check" CHECK ("shop_members"."single_limit_paise" > 0 and "shop_members"."daily_limit_paise" >= "shop_members"."single_limit_paise"),
	CONSTRAINT "shop_members_founding_check" CHECK (not "shop_members"."founding" or ("shop_members"."role" = 'owner' and "shop_members"."status" = 'active')),
	CONSTRAINT "shop_members_revoked_check" CHECK (("shop_members"."status" = 'revoked') = ("shop_members"."revoked_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "staff_invitations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"single_limit_paise" bigint,
	"daily_limit_paise" bigint,
	"language" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"invited_by_member_id" uuid NOT NULL,
	"member_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "staff_invitations_status_check" CHECK ("staff_invitations"."status" in ('pending', 'accepted', 'declined', 'cancelled', 'expired')),
	CONSTRAINT "staff_invitations_role_check" CHECK ("staff_invitations"."role" in ('owner', 'manager', 'cashier')),
	CONSTRAINT "staff_invitations_limits_check" CHECK (("staff_invitations"."role" = 'owner') = ("staff_invitations"."single_limit_paise" is null and "staff_invitations"."daily_limit_paise" is null)),
	CONSTRAINT "staff_invitations_accepted_check" CHECK (("staff_invitations"."status" = 'accepted') = ("staff_invitations"."member_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "sms_messages" DROP CONSTRAINT "sms_messages_purpose_check";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_check";--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "member_id" uuid;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "actor_member_id" uuid;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "actor_role" text;--> statement-breakpoint
-- The backfill comes before the new indexes and constraints, so it maintains none of them.
-- Every shop's business account becomes its first owner, under the contact name it registered with.
INSERT INTO "shop_members" ("id", "business_id", "user_id", "role", "name", "founding", "created_at")
SELECT gen_random_uuid(), b."id", b."user_id", 'owner', u."name", true, b."created_at"
FROM "businesses" b JOIN "users" u ON u."id" = b."user_id";--> statement-breakpoint
-- Its live sessions act as that owner.
UPDATE "sessions" s SET "member_id" = m."id"
FROM "shop_members" m WHERE m."user_id" = s."user_id" AND m."founding";--> statement-breakpoint
-- Until now only the business account could write a shop's rows: they were its owner's.
UPDATE "transactions" t SET "actor_member_id" = m."id", "actor_role" = 'owner'
FROM "shop_members" m
WHERE m."business_id" = t."business_id" AND m."founding"
  AND (t."type" IN ('repayment', 'refund', 'reversal') OR t."by_sms_code");--> statement-breakpoint
ALTER TABLE "shop_audit" ADD CONSTRAINT "shop_audit_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_audit" ADD CONSTRAINT "shop_audit_member_id_shop_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."shop_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_members" ADD CONSTRAINT "shop_members_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_members" ADD CONSTRAINT "shop_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_members" ADD CONSTRAINT "shop_members_invited_by_member_id_shop_members_id_fk" FOREIGN KEY ("invited_by_member_id") REFERENCES "public"."shop_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_members" ADD CONSTRAINT "shop_members_revoked_by_member_id_shop_members_id_fk" FOREIGN KEY ("revoked_by_member_id") REFERENCES "public"."shop_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_invited_by_member_id_shop_members_id_fk" FOREIGN KEY ("invited_by_member_id") REFERENCES "public"."shop_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_member_id_shop_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."shop_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_audit_business_created_idx" ON "shop_audit" USING btree ("business_id","created_at","id");--> statement-breakpoint
CREATE INDEX "shop_audit_created_idx" ON "shop_audit" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_members_business_user_unique" ON "shop_members" USING btree ("business_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_members_founding_unique" ON "shop_members" USING btree ("business_id") WHERE "shop_members"."founding";--> statement-breakpoint
CREATE INDEX "shop_members_user_idx" ON "shop_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_invitations_business_phone_pending_unique" ON "staff_invitations" USING btree ("business_id","phone") WHERE "staff_invitations"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "staff_invitations_phone_idx" ON "staff_invitations" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "staff_invitations_business_created_idx" ON "staff_invitations" USING btree ("business_id","created_at");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_member_id_shop_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."shop_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_actor_member_id_shop_members_id_fk" FOREIGN KEY ("actor_member_id") REFERENCES "public"."shop_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_member_idx" ON "sessions" USING btree ("member_id") WHERE "sessions"."member_id" is not null;--> statement-breakpoint
CREATE INDEX "sms_messages_invites_phone_created_idx" ON "sms_messages" USING btree ("to_phone","created_at") WHERE "sms_messages"."purpose" in ('invite', 'staff_invite');--> statement-breakpoint
CREATE INDEX "transactions_actor_created_idx" ON "transactions" USING btree ("actor_member_id","created_at") WHERE "transactions"."actor_member_id" is not null;--> statement-breakpoint
CREATE INDEX "transactions_business_actor_created_idx" ON "transactions" USING btree ("business_id","created_at","id") WHERE "transactions"."actor_member_id" is not null;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_purpose_check" CHECK ("sms_messages"."purpose" in ('otp', 'reminder', 'invite', 'charge', 'enrol', 'staff_invite'));--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_actor_check" CHECK (("transactions"."actor_member_id" is null) = ("transactions"."actor_role" is null));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('customer', 'business', 'admin', 'staff'));