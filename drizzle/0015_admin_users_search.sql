ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(name || ' ' || email)) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "plan_kind" text GENERATED ALWAYS AS (case when lower(plan_type) like '%semestral%' then 'semestral' when lower(plan_type) like '%gratuito%' then 'gratuito' else 'mensal' end) STORED;--> statement-breakpoint
CREATE INDEX "users_search_text_trgm_idx" ON "users" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_plan_kind_idx" ON "users" USING btree ("plan_kind","created_at");--> statement-breakpoint
CREATE INDEX "users_active_since_idx" ON "users" USING btree (coalesce("status_changed_at", "created_at")) WHERE "users"."status" <> 'Cancelado';