-- CreateTable
CREATE TABLE "DailyActionSnapshot" (
    "day" DATE NOT NULL,
    "language" "Language" NOT NULL,
    "causeId" UUID,
    "body" JSONB,
    "servedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "DailyActionSnapshot_pkey" PRIMARY KEY ("day","language")
);
