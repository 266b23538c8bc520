-- AlterTable
ALTER TABLE "Asset" ADD COLUMN     "quotaAction" TEXT NOT NULL DEFAULT 'warn';

