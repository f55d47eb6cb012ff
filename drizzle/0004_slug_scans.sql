CREATE TABLE "slug_scans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"domain" text NOT NULL,
	"origin" text NOT NULL,
	"base_slug" text,
	"status" text DEFAULT 'running' NOT NULL,
	"cost_cents" integer NOT NULL,
	"total_tested" integer DEFAULT 0 NOT NULL,
	"valid_urls" integer DEFAULT 0 NOT NULL,
	"redirects" integer DEFAULT 0 NOT NULL,
	"soft_not_found" integer DEFAULT 0 NOT NULL,
	"results" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "slug_scans_status_check" CHECK ("slug_scans"."status" in ('running', 'done', 'stopped', 'failed', 'interrupted'))
);
--> statement-breakpoint
ALTER TABLE "slug_scans" ADD CONSTRAINT "slug_scans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "slug_scans_user_created_idx" ON "slug_scans" USING btree ("user_id","created_at");