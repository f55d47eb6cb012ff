CREATE TABLE "offer_funnel_maps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" text NOT NULL,
	"mapped_by" uuid,
	"mapped_by_name" text NOT NULL,
	"mapped_at" timestamp with time zone DEFAULT now() NOT NULL,
	"day" date NOT NULL,
	"domain" text NOT NULL,
	"funnel" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"screenshots_pending" boolean DEFAULT false NOT NULL,
	"scan_id" uuid
);
--> statement-breakpoint
ALTER TABLE "slug_scans" ADD COLUMN "funnel" jsonb;--> statement-breakpoint
ALTER TABLE "slug_scans" ADD COLUMN "funnel_screenshots_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "offer_funnel_maps" ADD CONSTRAINT "offer_funnel_maps_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_funnel_maps" ADD CONSTRAINT "offer_funnel_maps_mapped_by_users_id_fk" FOREIGN KEY ("mapped_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_funnel_maps" ADD CONSTRAINT "offer_funnel_maps_scan_id_slug_scans_id_fk" FOREIGN KEY ("scan_id") REFERENCES "public"."slug_scans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offer_funnel_maps_offer_day_unique" ON "offer_funnel_maps" USING btree ("offer_id","day");--> statement-breakpoint
CREATE INDEX "offer_funnel_maps_offer_mapped_idx" ON "offer_funnel_maps" USING btree ("offer_id","mapped_at");