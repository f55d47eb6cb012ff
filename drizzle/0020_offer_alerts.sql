CREATE TABLE "offer_alerts" (
	"user_id" uuid NOT NULL,
	"offer_id" text NOT NULL,
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offer_alerts_user_id_offer_id_kind_day_pk" PRIMARY KEY("user_id","offer_id","kind","day")
);
--> statement-breakpoint
ALTER TABLE "offer_alerts" ADD CONSTRAINT "offer_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_alerts" ADD CONSTRAINT "offer_alerts_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;