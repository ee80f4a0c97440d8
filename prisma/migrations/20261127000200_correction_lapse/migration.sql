-- AlterTable
ALTER TABLE "CauseText" ADD COLUMN     "correctedWords" TEXT;

-- AlterTable
ALTER TABLE "CauseAction" ADD COLUMN     "correctedWords" TEXT;

-- CreateTable
CREATE TABLE "CorrectionLapse" (
    "id" UUID NOT NULL,
    "causeId" UUID NOT NULL,
    "language" "Language" NOT NULL,
    "field" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "CorrectionLapse_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "CorrectionLapse_causeId_idx" ON "CorrectionLapse"("causeId");

-- CreateIndex
CREATE INDEX "CorrectionLapse_at_idx" ON "CorrectionLapse"("at");

-- AddForeignKey
ALTER TABLE "CorrectionLapse" ADD CONSTRAINT "CorrectionLapse_causeId_fkey" FOREIGN KEY ("causeId") REFERENCES "Cause"("id") ON DELETE CASCADE ON UPDATE CASCADE;
