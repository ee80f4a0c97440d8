-- AlterTable
ALTER TABLE "WebhookDelivery" ADD COLUMN     "retriesFrom" INTEGER NOT NULL DEFAULT 0;
