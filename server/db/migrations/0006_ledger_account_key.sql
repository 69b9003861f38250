ALTER TABLE "credit_accounts" ADD CONSTRAINT "credit_accounts_id_customer_business_unique" UNIQUE("id","customer_id","business_id");--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_credit_account_id_credit_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_customer_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_business_id_businesses_id_fk";
--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_qr_code_id_qr_codes_id_fk";
--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_account_fk" FOREIGN KEY ("credit_account_id","customer_id","business_id") REFERENCES "public"."credit_accounts"("id","customer_id","business_id") ON DELETE no action ON UPDATE no action;
