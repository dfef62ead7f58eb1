CREATE TABLE "privacy_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text NOT NULL,
	"counts" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "privacy_runs_finished_idx" ON "privacy_runs" USING btree ("finished_at");