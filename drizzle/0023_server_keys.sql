CREATE TABLE "server_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "server_keys_name_format" CHECK ("server_keys"."name" ~ '^[a-z][a-z0-9-]{0,62}$')
);
