ALTER TABLE "clients" ADD COLUMN "crm_claimed_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "clients_ghl_location_idx" ON "clients" USING btree ("ghl_location_id");