-- AlterTable
ALTER TABLE "Cause" ADD COLUMN     "descriptionEn" TEXT,
ADD COLUMN     "titleEn" TEXT;

-- AlterTable
ALTER TABLE "CauseText" ADD COLUMN     "title" TEXT;
