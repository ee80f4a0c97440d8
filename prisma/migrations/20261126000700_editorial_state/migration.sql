-- CreateEnum
CREATE TYPE "EditorialState" AS ENUM ('ok', 'needs_editor');

-- AlterTable
ALTER TABLE "Cause" ADD COLUMN     "editorialReason" TEXT,
ADD COLUMN     "editorialState" "EditorialState" NOT NULL DEFAULT 'ok',
ADD COLUMN     "figuresAsOf" DATE,
ADD COLUMN     "statusOpen" BOOLEAN NOT NULL DEFAULT false;
