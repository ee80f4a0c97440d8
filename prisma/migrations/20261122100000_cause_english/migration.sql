-- AlterTable
ALTER TABLE "Cause" ADD COLUMN     "descriptionEn" TEXT,
ADD COLUMN     "titleEn" TEXT;
