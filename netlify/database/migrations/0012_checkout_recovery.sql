CREATE TABLE "checkout_reminders" (
	"checkout_session_id" text PRIMARY KEY NOT NULL,
	"address_hash" text NOT NULL,
	"outbox_email_id" integer,
	"due_at" timestamp with time zone NOT NULL,
	"canceled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminder_opt_outs" (
	"address_hash" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "promotions_consent" text;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "expired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "recovered_from" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "recovered_from" text;--> statement-breakpoint
CREATE INDEX "checkout_reminders_address_idx" ON "checkout_reminders" USING btree ("address_hash","created_at");--> statement-breakpoint
CREATE INDEX "checkout_sessions_expired_idx" ON "checkout_sessions" USING btree ("expired_at");--> statement-breakpoint
CREATE INDEX "checkout_sessions_recovered_idx" ON "checkout_sessions" USING btree ("recovered_from");--> statement-breakpoint
CREATE INDEX "orders_recovered_idx" ON "orders" USING btree ("created_at") WHERE "orders"."recovered_from" is not null;