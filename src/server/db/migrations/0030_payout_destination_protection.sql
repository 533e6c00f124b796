ALTER TABLE "users" ADD COLUMN "paypal_email_set_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "payouts_frozen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "destination_set_at" timestamp with time zone;