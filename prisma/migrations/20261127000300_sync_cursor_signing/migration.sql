-- AlterTable
ALTER TABLE "ContentState" ADD COLUMN     "syncSecret" TEXT;

-- CreateIndex
CREATE INDEX "Cause_changedAt_idx" ON "Cause"("changedAt");
