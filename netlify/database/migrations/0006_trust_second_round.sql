ALTER TABLE "client_onboarding_submissions" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "client_onboarding_submissions" ADD COLUMN "confirm_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "client_onboarding_submissions" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "magic_links" ADD COLUMN "browser_nonce_hash" text;--> statement-breakpoint
ALTER TABLE "client_onboarding_submissions" ADD CONSTRAINT "client_onboarding_submissions_confirm_token_hash_unique" UNIQUE("confirm_token_hash");