-- The order of changes of incremental sync: Cause."changeSeq" and CauseRemoval."seq" share it.
CREATE SEQUENCE "cause_change_seq";

-- AlterTable
ALTER TABLE "Cause" ADD COLUMN     "changeSeq" BIGINT,
ADD COLUMN     "changedAt" TIMESTAMPTZ(3),
ADD COLUMN     "syncState" TEXT;

-- CreateTable
CREATE TABLE "CauseRemoval" (
    "seq" BIGINT NOT NULL DEFAULT nextval('cause_change_seq'::regclass),
    "causeId" UUID NOT NULL,
    "slug" TEXT NOT NULL,
    "category" "Category" NOT NULL,
    "reason" TEXT NOT NULL,
    "removedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "CauseRemoval_pkey" PRIMARY KEY ("seq")
);

-- CreateIndex
CREATE INDEX "CauseRemoval_removedAt_idx" ON "CauseRemoval"("removedAt");

-- CreateIndex
CREATE INDEX "Cause_changeSeq_idx" ON "Cause"("changeSeq");
