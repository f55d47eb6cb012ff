CREATE TABLE "pix_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"tx_id" text NOT NULL,
	"provider_charge_id" text,
	"amount_cents" integer NOT NULL,
	"name" text NOT NULL,
	"document" text NOT NULL,
	"email" text NOT NULL,
	"br_code" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"ledger_entry_id" uuid,
	CONSTRAINT "pix_charges_status_check" CHECK ("pix_charges"."status" in ('pending', 'paid', 'expired')),
	CONSTRAINT "pix_charges_provider_check" CHECK ("pix_charges"."provider" in ('sandbox', 'woovi')),
	CONSTRAINT "pix_charges_amount_positive" CHECK ("pix_charges"."amount_cents" > 0),
	CONSTRAINT "pix_charges_paid_has_paid_at" CHECK ("pix_charges"."status" <> 'paid' or "pix_charges"."paid_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "pix_charges" ADD CONSTRAINT "pix_charges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_charges" ADD CONSTRAINT "pix_charges_ledger_entry_id_balance_ledger_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."balance_ledger"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pix_charges_tx_id_unique" ON "pix_charges" USING btree ("tx_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pix_charges_provider_charge_id_unique" ON "pix_charges" USING btree ("provider","provider_charge_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pix_charges_ledger_entry_unique" ON "pix_charges" USING btree ("ledger_entry_id");--> statement-breakpoint
CREATE INDEX "pix_charges_user_created_idx" ON "pix_charges" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "balance_ledger_pix_reference_unique" ON "balance_ledger" USING btree ("reference") WHERE "balance_ledger"."reason" = 'pix_deposit';