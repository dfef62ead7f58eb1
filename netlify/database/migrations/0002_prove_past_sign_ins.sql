-- Clients who already used a sign-in link proved their address before addresses were tracked.
UPDATE "clients" SET "email_verified_at" = proven."first_use"
FROM (
  SELECT "client_id", min("used_at") AS "first_use"
  FROM "magic_links"
  WHERE "used_at" IS NOT NULL
  GROUP BY "client_id"
) AS proven
WHERE "clients"."id" = proven."client_id" AND "clients"."email_verified_at" IS NULL;
