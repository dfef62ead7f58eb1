CREATE TABLE "erasure_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"address_digest" text,
	"client_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"erased_at" timestamp with time zone DEFAULT now() NOT NULL
);
