ALTER TABLE "notifications" ADD COLUMN "kind" text DEFAULT 'admin' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "subject" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "actor_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "notifications_bundle_idx" ON "notifications" USING btree ("recipient_user_id","kind","subject","created_at") WHERE "notifications"."subject" is not null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_known" CHECK ("notifications"."kind" in ('comment', 'reply', 'mention', 'like', 'offer-review', 'offer-scaling', 'call-reminder', 'admin'));--> statement-breakpoint
-- Existing notices: their latest event is their creation; the app's personal notices get the kind they are.
UPDATE "notifications" SET "updated_at" = "created_at",
  "kind" = CASE
    WHEN "recipient_user_id" IS NOT NULL AND "title" IN ('Oferta aprovada', 'Oferta recusada') THEN 'offer-review'
    WHEN "recipient_user_id" IS NOT NULL AND "link" LIKE '/detalhes-oferta/%' THEN 'offer-scaling'
    ELSE 'admin'
  END;
