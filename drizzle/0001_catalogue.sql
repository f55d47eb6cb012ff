CREATE TABLE "banners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"image_path" text NOT NULL,
	"link" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favorites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"offer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_likes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_status_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"reported_status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offer_status_reports_status_check" CHECK ("offer_status_reports"."reported_status" in ('ativo', 'inativo'))
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"advertiser" text DEFAULT '' NOT NULL,
	"creative" text,
	"creative_type" text DEFAULT 'image' NOT NULL,
	"ad_text" text DEFAULT '' NOT NULL,
	"product_title" text NOT NULL,
	"status" text NOT NULL,
	"niche" text NOT NULL,
	"format" text NOT NULL,
	"language" text NOT NULL,
	"ads" integer DEFAULT 0 NOT NULL,
	"roas" numeric(10, 2) DEFAULT 0 NOT NULL,
	"ticket_cents" integer DEFAULT 0 NOT NULL,
	"links" text DEFAULT '{}' NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_status_check" CHECK ("offers"."status" in ('validando', 'pre-escala', 'escalando')),
	CONSTRAINT "offers_creative_type_check" CHECK ("offers"."creative_type" in ('image', 'video')),
	CONSTRAINT "offers_numbers_non_negative" CHECK ("offers"."ads" >= 0 and "offers"."roas" >= 0 and "offers"."ticket_cents" >= 0 and "offers"."like_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "user_escalated_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"creative" text,
	"creative_type" text DEFAULT 'image' NOT NULL,
	"product_title" text NOT NULL,
	"advertiser_link" text DEFAULT '' NOT NULL,
	"creative_link" text DEFAULT '' NOT NULL,
	"library_link" text DEFAULT '' NOT NULL,
	"site_link" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"format" text NOT NULL,
	"language" text NOT NULL,
	"niche" text NOT NULL,
	"ads" integer DEFAULT 0 NOT NULL,
	"roas" numeric(10, 2) DEFAULT 0 NOT NULL,
	"ticket_cents" integer DEFAULT 0 NOT NULL,
	"is_approved" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	"approved_by" uuid,
	"offer_id" text,
	CONSTRAINT "user_escalated_offers_numbers_non_negative" CHECK ("user_escalated_offers"."ads" >= 0 and "user_escalated_offers"."roas" >= 0 and "user_escalated_offers"."ticket_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_likes" ADD CONSTRAINT "offer_likes_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_likes" ADD CONSTRAINT "offer_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_status_reports" ADD CONSTRAINT "offer_status_reports_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_status_reports" ADD CONSTRAINT "offer_status_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_escalated_offers" ADD CONSTRAINT "user_escalated_offers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_escalated_offers" ADD CONSTRAINT "user_escalated_offers_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_escalated_offers" ADD CONSTRAINT "user_escalated_offers_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "banners_one_active" ON "banners" USING btree ("is_active") WHERE "banners"."is_active";--> statement-breakpoint
CREATE UNIQUE INDEX "favorites_user_offer_unique" ON "favorites" USING btree ("user_id","offer_id");--> statement-breakpoint
CREATE INDEX "favorites_offer_idx" ON "favorites" USING btree ("offer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offer_likes_offer_user_unique" ON "offer_likes" USING btree ("offer_id","user_id");--> statement-breakpoint
CREATE INDEX "offer_likes_user_idx" ON "offer_likes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offer_status_reports_offer_user_unique" ON "offer_status_reports" USING btree ("offer_id","user_id");--> statement-breakpoint
CREATE INDEX "offer_status_reports_user_idx" ON "offer_status_reports" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "offers_visible_created_idx" ON "offers" USING btree ("visible","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "offers_visible_likes_idx" ON "offers" USING btree ("visible","like_count" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "offers_visible_roas_idx" ON "offers" USING btree ("visible","roas" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "offers_visible_ads_idx" ON "offers" USING btree ("visible","ads" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "offers_user_idx" ON "offers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_escalated_offers_pending_idx" ON "user_escalated_offers" USING btree ("is_approved","created_at");--> statement-breakpoint
CREATE INDEX "user_escalated_offers_user_idx" ON "user_escalated_offers" USING btree ("user_id");