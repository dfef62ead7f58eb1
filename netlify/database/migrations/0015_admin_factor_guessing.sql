ALTER TABLE "admin_sessions" ADD COLUMN "pending_challenge_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admin_sessions" ADD COLUMN "factor_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A refused sign-in for an unknown account kept what was typed as the username (maybe a password).
UPDATE "security_log" SET "username" = NULL WHERE "event" = 'admin.password-refused' AND "user_id" IS NULL;--> statement-breakpoint
-- The sign-in counters now key an account by a keyed digest, never the typed name.
DELETE FROM "rate_limit_hits" WHERE "key" LIKE 'admin-login:user:%' OR "key" LIKE 'admin-login:user-ip:%';
