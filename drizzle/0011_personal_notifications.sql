ALTER TABLE "notifications" ADD COLUMN "recipient_user_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "link" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_recipient_user_id_users_id_fk" FOREIGN KEY ("recipient_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_broadcast_idx" ON "notifications" USING btree ("created_at") WHERE "notifications"."recipient_user_id" is null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_link_is_path" CHECK ("notifications"."link" is null or "notifications"."link" ~ '^/[^/]');