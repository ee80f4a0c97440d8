-- CreateEnum
CREATE TYPE "SuppressionAction" AS ENUM ('suppress', 'unsuppress');

-- CreateTable
CREATE TABLE "SuppressionEvent" (
    "id" UUID NOT NULL,
    "causeId" UUID NOT NULL,
    "action" "SuppressionAction" NOT NULL,
    "reason" TEXT,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "by" TEXT,

    CONSTRAINT "SuppressionEvent_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SuppressionEvent_causeId_at_idx" ON "SuppressionEvent"("causeId", "at");

-- CreateIndex
CREATE INDEX "SuppressionEvent_at_idx" ON "SuppressionEvent"("at");

-- AddForeignKey
ALTER TABLE "SuppressionEvent" ADD CONSTRAINT "SuppressionEvent_causeId_fkey" FOREIGN KEY ("causeId") REFERENCES "Cause"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The causes suppressed before the history was kept: their current suppression as the first event
-- (when and why as stored, who is not known).
INSERT INTO "SuppressionEvent" ("id", "causeId", "action", "reason", "at", "by")
SELECT gen_random_uuid(), "id", 'suppress', "suppressedReason", COALESCE("suppressedAt", "updatedAt"), NULL
FROM "Cause" WHERE "suppressed";
