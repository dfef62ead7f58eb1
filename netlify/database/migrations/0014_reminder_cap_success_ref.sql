ALTER TABLE "checkout_reminders" ADD COLUMN "capped" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "success_ref" text;--> statement-breakpoint
CREATE INDEX "checkout_sessions_success_ref_idx" ON "checkout_sessions" USING btree ("success_ref");