-- AlterTable
ALTER TABLE "Asset" ADD COLUMN     "excludeTestAgents" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "slaWorkingHoursOnly" BOOLEAN NOT NULL DEFAULT true;

