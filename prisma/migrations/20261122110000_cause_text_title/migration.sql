-- AlterTable
ALTER TABLE "CauseText" ADD COLUMN     "title" TEXT;
