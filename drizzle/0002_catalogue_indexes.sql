-- pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it; the trigram indexes need it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "offers_visible_niche_created_idx" ON "offers" USING btree ("visible","niche","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "offers_visible_niche_likes_idx" ON "offers" USING btree ("visible","niche","like_count" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "offers_advertiser_trgm_idx" ON "offers" USING gin ("advertiser" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "offers_product_title_trgm_idx" ON "offers" USING gin ("product_title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "offers_ad_text_trgm_idx" ON "offers" USING gin ("ad_text" gin_trgm_ops);