-- AlterTable
ALTER TABLE "ContentState" ADD COLUMN     "keysVersion" INTEGER NOT NULL DEFAULT 0;
