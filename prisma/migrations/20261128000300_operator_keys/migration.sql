-- AlterTable
ALTER TABLE "ApiKey" ADD COLUMN     "operator" BOOLEAN NOT NULL DEFAULT false;
