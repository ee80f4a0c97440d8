-- AlterTable
ALTER TABLE "Cause" ADD COLUMN     "deadlineChangedAt" TIMESTAMPTZ(3),
ADD COLUMN     "deadlineSequence" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "ApiKey" ADD COLUMN     "feedTokenHash" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "ApiKey_feedTokenHash_key" ON "ApiKey"("feedTokenHash");
