CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_refund_id" text NOT NULL,
	"provider" text NOT NULL,
	"order_id" integer,
	"provider_invoice_id" text,
	"payment_intent_id" text,
	"charge_id" text,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"refunded_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_provider_refund_id_unique" UNIQUE("provider_refund_id")
);
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "promotion_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "subtotal_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discounts" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "taxes" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_hosted_url" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_pdf_url" text;--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD COLUMN "currency" text DEFAULT 'usd' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD COLUMN "subtotal_cents" integer;--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD COLUMN "discount_cents" integer;--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD COLUMN "discounts" jsonb;--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD COLUMN "tax_cents" integer;--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD COLUMN "taxes" jsonb;--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD COLUMN "total_cents" integer;--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD COLUMN "invoice_number" text;--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD COLUMN "invoice_hosted_url" text;--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD COLUMN "invoice_pdf_url" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_payment_intent_idx" ON "refunds" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "refunds_refunded_at_idx" ON "refunds" USING btree ("refunded_at");--> statement-breakpoint
-- BEGIN DATA (p62-money)
-- Before this migration the simulated provider and the test pages charged no tax and took no
-- discount: their orders' and invoices' breakdown is known (the subtotal is the total). Every
-- other existing row keeps its unknown parts NULL.
UPDATE "orders"
  SET "subtotal_cents" = "amount", "discount_cents" = 0, "discounts" = '[]'::jsonb,
      "tax_cents" = 0, "taxes" = '[]'::jsonb
  WHERE "is_test" AND "subtotal_cents" IS NULL;--> statement-breakpoint
UPDATE "subscription_payments"
  SET "subtotal_cents" = "amount_cents", "discount_cents" = 0, "discounts" = '[]'::jsonb,
      "tax_cents" = 0, "taxes" = '[]'::jsonb, "total_cents" = "amount_cents"
  WHERE "subtotal_cents" IS NULL
    AND "provider_subscription_id" IN (
      SELECT "provider_subscription_id" FROM "subscriptions" WHERE "provider" = 'simulated'
    );
-- END DATA
