CREATE TABLE "scheduled_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"next_run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"last_status" text,
	"last_error" text,
	"last_duration_ms" integer,
	"run_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "scheduled_jobs_status_valid" CHECK ("last_status" IN ('ok', 'failed')),
	CONSTRAINT "scheduled_jobs_name_format" CHECK ("scheduled_jobs"."name" ~ '^[a-z0-9-]{2,64}$')
);
