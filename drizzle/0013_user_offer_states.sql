ALTER TABLE "user_escalated_offers" DROP CONSTRAINT "user_escalated_offers_approved_by_users_id_fk";
--> statement-breakpoint
DROP INDEX "user_escalated_offers_pending_idx";--> statement-breakpoint
DROP INDEX "user_escalated_offers_user_idx";--> statement-breakpoint
ALTER TABLE "user_escalated_offers" ADD COLUMN "advertiser" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_escalated_offers" ADD COLUMN "ad_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_escalated_offers" ADD COLUMN "state" text DEFAULT 'pendente' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_escalated_offers" ADD COLUMN "refusal_reason" text;--> statement-breakpoint
ALTER TABLE "user_escalated_offers" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_escalated_offers" ADD COLUMN "decided_by" uuid;--> statement-breakpoint
ALTER TABLE "user_escalated_offers" ADD CONSTRAINT "user_escalated_offers_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_escalated_offers_state_idx" ON "user_escalated_offers" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "user_escalated_offers_user_idx" ON "user_escalated_offers" USING btree ("user_id","created_at");--> statement-breakpoint
UPDATE "user_escalated_offers" SET "state" = 'aprovada', "decided_at" = coalesce("approved_at", "created_at"), "decided_by" = "approved_by" WHERE "is_approved";--> statement-breakpoint
ALTER TABLE "user_escalated_offers" DROP COLUMN "is_approved";--> statement-breakpoint
ALTER TABLE "user_escalated_offers" DROP COLUMN "approved_at";--> statement-breakpoint
ALTER TABLE "user_escalated_offers" DROP COLUMN "approved_by";--> statement-breakpoint
ALTER TABLE "user_escalated_offers" ADD CONSTRAINT "user_escalated_offers_state_valid" CHECK ("user_escalated_offers"."state" in ('pendente', 'aprovada', 'recusada'));--> statement-breakpoint
ALTER TABLE "user_escalated_offers" ADD CONSTRAINT "user_escalated_offers_decision_consistent" CHECK (("user_escalated_offers"."state" = 'pendente') = ("user_escalated_offers"."decided_at" is null) and ("user_escalated_offers"."refusal_reason" is null or "user_escalated_offers"."state" = 'recusada'));
