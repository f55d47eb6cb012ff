ALTER TABLE "confirmed_purchases" ADD COLUMN "next_billing_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "plan_mapped" boolean;