CREATE TABLE "job_locks" (
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"owner" text NOT NULL,
	"token" uuid NOT NULL,
	"acquired_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "job_locks_kind_key_pk" PRIMARY KEY("kind","key"),
	CONSTRAINT "job_locks_kind_check" CHECK ("job_locks"."kind" ~ '^[a-z][a-z_]{0,31}$')
);
