ALTER TABLE "slug_scans" ADD COLUMN "total_slugs" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "slug_scans" ADD COLUMN "lease_owner" text;--> statement-breakpoint
ALTER TABLE "slug_scans" ADD COLUMN "lease_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "slug_scans" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "slug_scans_running_lease_idx" ON "slug_scans" USING btree ("lease_expires_at") WHERE "slug_scans"."status" = 'running';
--> statement-breakpoint
-- Scans running when this version arrives belong to a version without leases: two minutes to finish, then any
-- instance ends them 'interrupted' and refunds them. A 'failed' scan was always refunded.
UPDATE "slug_scans" SET "lease_expires_at" = now() + interval '2 minutes' WHERE "status" = 'running';--> statement-breakpoint
UPDATE "slug_scans" SET "refunded_at" = coalesce("finished_at", now()) WHERE "status" = 'failed';
