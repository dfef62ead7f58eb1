ALTER TABLE "email_outbox" ADD COLUMN "about_emails" text[];--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "about_client_ids" integer[] DEFAULT '{}'::int[] NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "secrets" jsonb;--> statement-breakpoint
CREATE INDEX "email_outbox_about_emails_idx" ON "email_outbox" USING gin ("about_emails");--> statement-breakpoint
CREATE INDEX "email_outbox_about_clients_idx" ON "email_outbox" USING gin ("about_client_ids");--> statement-breakpoint
-- Whom the e-mails already queued concern, from what the site knows. A message to a person
-- concerns its recipient (a sent erasure notice has forgotten it).
UPDATE "email_outbox" SET "about_emails" = ARRAY[lower(trim("to"))]
  WHERE "kind" NOT LIKE '%.team' AND "kind" <> 'onboarding.completed' AND "to" <> '[erased]';--> statement-breakpoint
UPDATE "email_outbox" SET "about_emails" = '{}' WHERE "to" = '[erased]';--> statement-breakpoint
-- A team notice concerns the visitor of its source row: the last reference in its text (what a
-- visitor typed comes before it), and only if the notice names that row's address too.
UPDATE "email_outbox" o SET "about_emails" = ARRAY[lower(c."email")]
  FROM "contact_messages" c
  WHERE o."kind" = 'contact.team'
    AND substring(o."text" from '.*Reference: contact #([0-9]+)')::int = c."id"
    AND position(lower(c."email") in lower(o."text")) > 0;--> statement-breakpoint
UPDATE "email_outbox" o SET "about_emails" = ARRAY[lower(m."email")]
  FROM "meeting_requests" m
  WHERE o."kind" = 'meeting.team'
    AND substring(o."text" from '.*Reference: meeting #([0-9]+)')::int = m."id"
    AND position(lower(m."email") in lower(o."text")) > 0;--> statement-breakpoint
UPDATE "email_outbox" o SET "about_emails" = ARRAY[lower(s."email")]
  FROM "client_onboarding_submissions" s
  WHERE o."kind" = 'client-onboarding.team'
    AND substring(o."text" from '.*\(submission #([0-9]+)\)')::int = s."id"
    AND position(lower(s."email") in lower(o."text")) > 0;--> statement-breakpoint
UPDATE "email_outbox" o
  SET "about_emails" = ARRAY[lower(r."email")],
      "about_client_ids" = CASE WHEN r."client_id" IS NULL THEN '{}'::int[] ELSE ARRAY[r."client_id"] END
  FROM "privacy_requests" r
  WHERE o."kind" = 'privacy.team' AND r."email" <> ''
    AND substring(o."subject" from '^Privacy request #([0-9]+):')::int = r."id"
    AND position(lower(r."email") in lower(o."text")) > 0;--> statement-breakpoint
UPDATE "email_outbox" o
  SET "about_emails" = ARRAY[lower(x."customer_email")],
      "about_client_ids" = CASE WHEN x."client_id" IS NULL THEN '{}'::int[] ELSE ARRAY[x."client_id"] END
  FROM "orders" x
  WHERE x."customer_email" <> ''
    AND CASE o."kind"
      WHEN 'onboarding.completed' THEN substring(o."subject" from '^Onboarding completed for order ([A-Z0-9-]+)$')
      WHEN 'subscription.payment_failed.team' THEN substring(o."text" from '.*Order: ([A-Z0-9-]+)')
      WHEN 'payment.dispute.team' THEN substring(o."text" from '.*Order: ([A-Z0-9-]+)')
    END = x."order_number";
