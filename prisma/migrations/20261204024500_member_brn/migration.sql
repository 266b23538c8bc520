-- AlterTable
ALTER TABLE "TeamMember" ADD COLUMN     "brn" TEXT,
ADD COLUMN     "brnExpiresAt" TIMESTAMP(3);

