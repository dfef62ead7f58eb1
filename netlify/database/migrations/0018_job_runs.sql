CREATE TABLE "job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"first_expected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"last_status" text,
	"last_succeeded_at" timestamp with time zone
);
