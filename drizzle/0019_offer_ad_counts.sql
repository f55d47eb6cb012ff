CREATE TABLE "offer_ad_counts" (
	"offer_id" text NOT NULL,
	"day" date NOT NULL,
	"ads" integer NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offer_ad_counts_offer_id_day_pk" PRIMARY KEY("offer_id","day"),
	CONSTRAINT "offer_ad_counts_ads_non_negative" CHECK ("offer_ad_counts"."ads" >= 0)
);
--> statement-breakpoint
ALTER TABLE "offer_ad_counts" ADD CONSTRAINT "offer_ad_counts_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every offer that exists before the history starts gets one point: its current count, on the São Paulo day of its
-- last edit (the last time the administrator typed it). The offer's `ads` is then its latest point from the start.
INSERT INTO "offer_ad_counts" ("offer_id", "day", "ads", "recorded_at")
SELECT "id", ("updated_at" AT TIME ZONE 'America/Sao_Paulo')::date, "ads", "updated_at" FROM "offers"
ON CONFLICT DO NOTHING;
