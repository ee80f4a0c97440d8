-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "Category" AS ENUM ('Spenden', 'Petition', 'Brief');

-- CreateEnum
CREATE TYPE "Language" AS ENUM ('de', 'en');

-- CreateEnum
CREATE TYPE "ApiKeyTier" AS ENUM ('free', 'standard', 'growth', 'enterprise');

-- CreateEnum
CREATE TYPE "JobRunStatus" AS ENUM ('running', 'succeeded', 'failed');

-- CreateTable
CREATE TABLE "Source" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "platform" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Source_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Cause" (
    "id" UUID NOT NULL,
    "sourceId" UUID NOT NULL,
    "externalId" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "category" "Category" NOT NULL,
    "organisationName" TEXT NOT NULL,
    "organisationUrl" TEXT NOT NULL,
    "imageUrl" TEXT,
    "sourceUrl" TEXT NOT NULL,
    "deadline" DATE,
    "fundingGoal" DECIMAL(16,2),
    "fundingCurrent" DECIMAL(16,2),
    "progressPct" DECIMAL(7,2),
    "fundingProgressPct" DECIMAL(9,1),
    "urgencyScore" INTEGER,
    "leverageScore" DOUBLE PRECISION,
    "actionsToTippingPoint" INTEGER,
    "contentHash" TEXT NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "inactiveReason" TEXT,
    "suppressed" BOOLEAN NOT NULL DEFAULT false,
    "suppressedReason" TEXT,
    "suppressedAt" TIMESTAMPTZ(3),
    "firstImportedAt" TIMESTAMPTZ(3) NOT NULL,
    "refreshedAt" TIMESTAMPTZ(3) NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Cause_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CauseText" (
    "causeId" UUID NOT NULL,
    "language" "Language" NOT NULL,
    "summary" TEXT NOT NULL,
    "isAiGenerated" BOOLEAN NOT NULL,
    "generator" TEXT NOT NULL,
    "contentHash" TEXT NOT NULL,
    "generatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "CauseText_pkey" PRIMARY KEY ("causeId","language")
);

-- CreateTable
CREATE TABLE "CauseAction" (
    "causeId" UUID NOT NULL,
    "language" "Language" NOT NULL,
    "type" TEXT NOT NULL,
    "headline" TEXT NOT NULL,
    "whyNow" TEXT NOT NULL,
    "whyYou" TEXT NOT NULL,
    "impactStatement" TEXT NOT NULL,
    "isAiGenerated" BOOLEAN NOT NULL,
    "generator" TEXT NOT NULL,
    "contentHash" TEXT NOT NULL,
    "generatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "CauseAction_pkey" PRIMARY KEY ("causeId","language")
);

-- CreateTable
CREATE TABLE "DailyPick" (
    "day" DATE NOT NULL,
    "causeId" UUID NOT NULL,
    "scoreTotal" INTEGER NOT NULL,
    "jobRunId" UUID,
    "chosenAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "DailyPick_pkey" PRIMARY KEY ("day")
);

-- CreateTable
CREATE TABLE "ApiKey" (
    "id" UUID NOT NULL,
    "keyHash" TEXT NOT NULL,
    "keyPrefix" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "tier" "ApiKeyTier" NOT NULL,
    "contactEmail" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMPTZ(3),
    "revokedAt" TIMESTAMPTZ(3),

    CONSTRAINT "ApiKey_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "JobRun" (
    "id" UUID NOT NULL,
    "job" TEXT NOT NULL,
    "day" DATE,
    "status" "JobRunStatus" NOT NULL,
    "trigger" TEXT NOT NULL,
    "startedAt" TIMESTAMPTZ(3) NOT NULL,
    "finishedAt" TIMESTAMPTZ(3),
    "error" TEXT,
    "stats" JSONB,
    "chosenCauseId" UUID,

    CONSTRAINT "JobRun_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ContentState" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "version" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ContentState_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Source_name_key" ON "Source"("name");

-- CreateIndex
CREATE UNIQUE INDEX "Cause_slug_key" ON "Cause"("slug");

-- CreateIndex
CREATE INDEX "Cause_active_category_idx" ON "Cause"("active", "category");

-- CreateIndex
CREATE UNIQUE INDEX "Cause_sourceId_externalId_key" ON "Cause"("sourceId", "externalId");

-- CreateIndex
CREATE UNIQUE INDEX "ApiKey_keyHash_key" ON "ApiKey"("keyHash");

-- CreateIndex
CREATE INDEX "JobRun_job_startedAt_idx" ON "JobRun"("job", "startedAt");

-- AddForeignKey
ALTER TABLE "Cause" ADD CONSTRAINT "Cause_sourceId_fkey" FOREIGN KEY ("sourceId") REFERENCES "Source"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CauseText" ADD CONSTRAINT "CauseText_causeId_fkey" FOREIGN KEY ("causeId") REFERENCES "Cause"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CauseAction" ADD CONSTRAINT "CauseAction_causeId_fkey" FOREIGN KEY ("causeId") REFERENCES "Cause"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DailyPick" ADD CONSTRAINT "DailyPick_causeId_fkey" FOREIGN KEY ("causeId") REFERENCES "Cause"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DailyPick" ADD CONSTRAINT "DailyPick_jobRunId_fkey" FOREIGN KEY ("jobRunId") REFERENCES "JobRun"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- The single content-state row every process reads.
INSERT INTO "ContentState" ("id", "version", "updatedAt") VALUES (1, 0, now());
