CREATE TABLE "digest_runs" (
	"week" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"queued" integer DEFAULT 0 NOT NULL
);
