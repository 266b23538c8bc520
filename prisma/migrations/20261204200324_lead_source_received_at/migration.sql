-- AlterTable
ALTER TABLE "Lead" ADD COLUMN     "sourceReceivedAt" TIMESTAMP(3);

