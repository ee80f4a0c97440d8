-- CreateEnum
CREATE TYPE "ReviewState" AS ENUM ('not_required', 'pending_listed', 'pending_unlisted', 'released', 'approved', 'rejected');

-- CreateEnum
CREATE TYPE "ReviewDecision" AS ENUM ('approve', 'release', 'reject', 'reopen');

-- AlterTable
ALTER TABLE "Source" ADD COLUMN     "review" TEXT;

-- AlterTable
ALTER TABLE "Cause" ADD COLUMN     "reviewFlags" JSONB,
ADD COLUMN     "reviewState" "ReviewState" NOT NULL DEFAULT 'not_required',
ADD COLUMN     "reviewWeight" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "reviewedWords" TEXT;

-- AlterTable
ALTER TABLE "DailyPick" ADD COLUMN     "chosenBy" TEXT;

-- AlterTable
ALTER TABLE "ApiKey" ADD COLUMN     "editor" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "ReviewEvent" (
    "id" UUID NOT NULL,
    "causeId" UUID NOT NULL,
    "decision" "ReviewDecision" NOT NULL,
    "fromState" "ReviewState" NOT NULL,
    "toState" "ReviewState" NOT NULL,
    "reason" TEXT,
    "by" TEXT NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ReviewEvent_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ReviewEvent_causeId_at_idx" ON "ReviewEvent"("causeId", "at");

-- CreateIndex
CREATE INDEX "ReviewEvent_at_idx" ON "ReviewEvent"("at");

-- AddForeignKey
ALTER TABLE "ReviewEvent" ADD CONSTRAINT "ReviewEvent_causeId_fkey" FOREIGN KEY ("causeId") REFERENCES "Cause"("id") ON DELETE CASCADE ON UPDATE CASCADE;
