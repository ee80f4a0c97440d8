-- AlterTable
ALTER TABLE "Source" ADD COLUMN     "lastSuccessAt" TIMESTAMPTZ(3);

-- The fetches recorded before the column existed: a last fetch that succeeded is the last success
UPDATE "Source" SET "lastSuccessAt" = "lastFetchAt" WHERE "lastOutcome" IN ('ok', 'incomplete');
