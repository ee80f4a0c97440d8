-- AlterTable
ALTER TABLE "ApiKey" ADD COLUMN     "lastUsedAt" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "ApiKeyUsage" (
    "keyId" UUID NOT NULL,
    "day" DATE NOT NULL,
    "requests" INTEGER NOT NULL,
    "lastUsedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ApiKeyUsage_pkey" PRIMARY KEY ("keyId","day")
);

-- AddForeignKey
ALTER TABLE "ApiKeyUsage" ADD CONSTRAINT "ApiKeyUsage_keyId_fkey" FOREIGN KEY ("keyId") REFERENCES "ApiKey"("id") ON DELETE CASCADE ON UPDATE CASCADE;
