CREATE TABLE "live_calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"call_time" text NOT NULL,
	"call_date" date,
	"link" text,
	"status" text DEFAULT 'Agendado' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_calls_status_check" CHECK ("live_calls"."status" in ('Publicado', 'Aguardando Upload', 'Agendado', 'Adiada')),
	CONSTRAINT "live_calls_title_length" CHECK (char_length("live_calls"."title") <= 200)
);
--> statement-breakpoint
CREATE INDEX "live_calls_call_date_idx" ON "live_calls" USING btree ("call_date","created_at");