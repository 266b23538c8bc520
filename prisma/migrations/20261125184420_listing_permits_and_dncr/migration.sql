-- AlterTable
ALTER TABLE "Customer" ADD COLUMN     "dncrCheckedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Project" ADD COLUMN     "permitCheckedAt" TIMESTAMP(3),
ADD COLUMN     "permitExpiresAt" TIMESTAMP(3),
ADD COLUMN     "permitNumber" TEXT,
ADD COLUMN     "permitStatus" TEXT NOT NULL DEFAULT 'unchecked';

-- AlterTable
ALTER TABLE "Listing" ADD COLUMN     "permitCheckedAt" TIMESTAMP(3),
ADD COLUMN     "permitStatus" TEXT NOT NULL DEFAULT 'unchecked';

-- AlterTable
ALTER TABLE "Lead" ADD COLUMN     "dncrCheckedAt" TIMESTAMP(3),
ADD COLUMN     "dncrStatus" TEXT;

