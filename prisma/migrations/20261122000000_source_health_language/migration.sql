-- AlterTable
ALTER TABLE "Source" ADD COLUMN     "lastCounts" JSONB,
ADD COLUMN     "lastError" TEXT,
ADD COLUMN     "lastFetchAt" TIMESTAMPTZ(3),
ADD COLUMN     "lastJobRunId" UUID,
ADD COLUMN     "lastOutcome" TEXT;

-- AlterTable
ALTER TABLE "Cause" ADD COLUMN     "organisationIsPublisher" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "sourceLanguage" TEXT;
