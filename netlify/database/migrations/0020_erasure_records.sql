CREATE TABLE "erasure_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"address_digest" text,
	"erased_at" timestamp with time zone DEFAULT now() NOT NULL
);
