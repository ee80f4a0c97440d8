-- AlterTable
ALTER TABLE "Cause" ADD COLUMN     "moderatedHash" TEXT;
