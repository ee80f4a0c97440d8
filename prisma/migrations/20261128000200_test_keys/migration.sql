-- AlterTable
ALTER TABLE "ApiKey" ADD COLUMN     "test" BOOLEAN NOT NULL DEFAULT false;
