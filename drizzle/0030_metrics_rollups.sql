CREATE TABLE "membership_events" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"kind" text NOT NULL,
	"plan" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"amount_cents" bigint,
	"pending" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "metrics_active_days" (
	"day" date PRIMARY KEY NOT NULL,
	"active1d" integer NOT NULL,
	"active7d" integer NOT NULL,
	"active30d" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "metrics_buyers" (
	"email" text PRIMARY KEY NOT NULL,
	"first_payment_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "metrics_cohort_points" (
	"month" date NOT NULL,
	"after" integer NOT NULL,
	"retained" integer NOT NULL,
	CONSTRAINT "metrics_cohort_points_month_after_pk" PRIMARY KEY("month","after")
);
--> statement-breakpoint
CREATE TABLE "metrics_days" (
	"day" date PRIMARY KEY NOT NULL,
	"purchases" integer DEFAULT 0 NOT NULL,
	"cancellations" integer DEFAULT 0 NOT NULL,
	"expiries" integer DEFAULT 0 NOT NULL,
	"refunds" integer DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	"unpriced_mensal" integer DEFAULT 0 NOT NULL,
	"unpriced_semestral" integer DEFAULT 0 NOT NULL,
	"paying_mensal" integer DEFAULT 0 NOT NULL,
	"paying_semestral" integer DEFAULT 0 NOT NULL,
	"paying_other" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "metrics_last_active" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"day" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "metrics_tool_days" (
	"day" date NOT NULL,
	"tool" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "metrics_tool_days_day_tool_pk" PRIMARY KEY("day","tool")
);
--> statement-breakpoint
CREATE TABLE "tool_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"tool" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tool_runs_tool_check" CHECK ("tool_runs"."tool" in ('optimizer', 'validator'))
);
--> statement-breakpoint
ALTER TABLE "membership_events" ADD CONSTRAINT "membership_events_event_id_webhook_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."webhook_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metrics_last_active" ADD CONSTRAINT "metrics_last_active_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_runs" ADD CONSTRAINT "tool_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "membership_events_email_at_idx" ON "membership_events" USING btree ("email","at");--> statement-breakpoint
CREATE INDEX "membership_events_kind_day_idx" ON "membership_events" USING btree ("kind","day");--> statement-breakpoint
CREATE INDEX "membership_events_pending_idx" ON "membership_events" USING btree ("event_id") WHERE "membership_events"."pending";--> statement-breakpoint
CREATE INDEX "metrics_buyers_first_idx" ON "metrics_buyers" USING btree ("first_payment_at");--> statement-breakpoint
CREATE INDEX "metrics_last_active_day_idx" ON "metrics_last_active" USING btree ("day");--> statement-breakpoint
CREATE INDEX "tool_runs_created_idx" ON "tool_runs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "post_comments_created_idx" ON "post_comments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "posts_created_idx" ON "posts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "offer_likes_created_idx" ON "offer_likes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "user_escalated_offers_created_idx" ON "user_escalated_offers" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "slug_scans_created_idx" ON "slug_scans" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "website_clones_created_idx" ON "website_clones" USING btree ("created_at");--> statement-breakpoint
-- A Lastlink date-time as timestamptz: null when absent, not a plain ISO date-time, or not a real instant.
CREATE FUNCTION lastlink_instant(t text) RETURNS timestamptz LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF t IS NULL OR t !~ '^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])[T ]([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)?$' THEN
    RETURN NULL;
  END IF;
  RETURN t::timestamptz;
EXCEPTION WHEN others THEN
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The membership fact of one stored delivery (see membership_events in src/server/db/schema/metrics.ts): payments
-- dated by Data.Purchase.PaymentDate, cancellations by Data.Subscriptions[0].CanceledDate, expiries by its ExpiredDate,
-- else (refunds, chargebacks, or those absent) by CreatedAt, the arrival time when the event carries none; the amount
-- from Data.Purchase.Price.Value when it is a plain number. Test deliveries and other event types have none.
CREATE FUNCTION record_membership_event(e webhook_events) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  k text := lower(e.event_type);
  doc jsonb;
  pays boolean;
  happened timestamptz;
  price text;
BEGIN
  IF e.is_test OR e.buyer_email IS NULL OR k NOT IN ('purchase_order_confirmed', 'recurrent_payment',
      'subscription_canceled', 'subscription_expired', 'payment_refund', 'payment_chargeback') THEN
    RETURN;
  END IF;
  BEGIN
    doc := e.raw_data::jsonb;
  EXCEPTION WHEN others THEN
    doc := '{}'::jsonb;
  END;
  pays := k IN ('purchase_order_confirmed', 'recurrent_payment');
  happened := coalesce(
    CASE WHEN pays THEN lastlink_instant(doc #>> '{Data,Purchase,PaymentDate}') END,
    CASE WHEN k = 'subscription_canceled' THEN lastlink_instant(doc #>> '{Data,Subscriptions,0,CanceledDate}') END,
    CASE WHEN k = 'subscription_expired' THEN lastlink_instant(doc #>> '{Data,Subscriptions,0,ExpiredDate}') END,
    lastlink_instant(doc ->> 'CreatedAt'),
    e.received_at);
  price := doc #>> '{Data,Purchase,Price,Value}';
  INSERT INTO membership_events (event_id, email, kind, plan, at, day, amount_cents)
  VALUES (e.id, e.buyer_email, k, coalesce(e.plan_type, 'mentoria-mensal'), happened,
    (happened AT TIME ZONE 'America/Sao_Paulo')::date,
    CASE WHEN pays AND price ~ '^\d{1,9}(\.\d+)?$' THEN round(price::numeric * 100) END)
  ON CONFLICT (event_id) DO NOTHING;
END $$;
--> statement-breakpoint
CREATE FUNCTION webhook_events_membership() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM record_membership_event(NEW);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER webhook_events_membership AFTER INSERT ON webhook_events
  FOR EACH ROW EXECUTE FUNCTION webhook_events_membership();
--> statement-breakpoint
SELECT record_membership_event(we) FROM webhook_events we;
--> statement-breakpoint
-- Each member's latest day in user_activity_days (metrics_last_active).
CREATE FUNCTION user_activity_days_last() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO metrics_last_active (user_id, day) VALUES (NEW.user_id, NEW.day)
  ON CONFLICT (user_id) DO UPDATE SET day = excluded.day WHERE metrics_last_active.day < excluded.day;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_activity_days_last AFTER INSERT ON user_activity_days
  FOR EACH ROW EXECUTE FUNCTION user_activity_days_last();
--> statement-breakpoint
INSERT INTO metrics_last_active (user_id, day) SELECT user_id, max(day) FROM user_activity_days GROUP BY user_id;
