ALTER TABLE "privacy_requests" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD COLUMN "last_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD COLUMN "crm_left" text[] DEFAULT '{}'::text[] NOT NULL;