-- CreateTable
CREATE TABLE "JobClaim" (
    "job" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "runId" UUID NOT NULL,
    "status" "JobRunStatus" NOT NULL,
    "leaseUntil" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "JobClaim_pkey" PRIMARY KEY ("job","day")
);
