-- AlterTable
ALTER TABLE "Cause" ADD COLUMN     "actionKey" TEXT;

-- CreateTable
CREATE TABLE "CauseSource" (
    "causeId" UUID NOT NULL,
    "sourceId" UUID NOT NULL,
    "externalId" TEXT NOT NULL,
    "seenAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "CauseSource_pkey" PRIMARY KEY ("sourceId","externalId")
);

-- CreateIndex
CREATE INDEX "CauseSource_causeId_idx" ON "CauseSource"("causeId");

-- CreateIndex
CREATE INDEX "Cause_actionKey_idx" ON "Cause"("actionKey");

-- AddForeignKey
ALTER TABLE "CauseSource" ADD CONSTRAINT "CauseSource_causeId_fkey" FOREIGN KEY ("causeId") REFERENCES "Cause"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CauseSource" ADD CONSTRAINT "CauseSource_sourceId_fkey" FOREIGN KEY ("sourceId") REFERENCES "Source"("id") ON DELETE CASCADE ON UPDATE CASCADE;
