CREATE TABLE "client_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"client_id" integer,
	"whole_account" boolean DEFAULT false NOT NULL,
	"order_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "attempt_hash" text;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "session_granted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "stripe_customer_id" text;--> statement-breakpoint
ALTER TABLE "client_sessions" ADD CONSTRAINT "client_sessions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_sessions_client_idx" ON "client_sessions" USING btree ("client_id");