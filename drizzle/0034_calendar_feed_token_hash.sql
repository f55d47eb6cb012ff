ALTER TABLE "calendar_feeds" RENAME COLUMN "token" TO "token_hash";--> statement-breakpoint
-- Hand-written data migration: only the SHA-256 (hex) of each feed token is kept from now on, as the app computes it
-- (lib/crypto.ts sha256 of the token's text). sha256() is built into PostgreSQL 11+ (no pgcrypto); the tokens are
-- base64url ASCII. Calendars already subscribed keep working: their URL's token hashes to the stored value.
UPDATE "calendar_feeds" SET "token_hash" = encode(sha256(convert_to("token_hash", 'UTF8')), 'hex');--> statement-breakpoint
ALTER TABLE "calendar_feeds" DROP CONSTRAINT "calendar_feeds_token_unique";--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash");
