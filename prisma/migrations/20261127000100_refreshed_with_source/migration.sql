-- A cause seen by its source's last import takes its refreshed_at from the source (one row per source
-- written a day instead of one per cause). Existing causes keep their own refreshedAt.
ALTER TABLE "Source" ADD COLUMN "causesSeenAt" TIMESTAMPTZ(3);
ALTER TABLE "Cause" ADD COLUMN "refreshedWithSource" BOOLEAN NOT NULL DEFAULT false;
