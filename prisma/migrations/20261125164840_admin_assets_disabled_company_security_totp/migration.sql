-- AlterTable
ALTER TABLE "Company" ADD COLUMN     "passwordMinLength" INTEGER NOT NULL DEFAULT 8,
ADD COLUMN     "sessionMinutes" INTEGER,
ADD COLUMN     "twoFactorRoles" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- AlterTable
ALTER TABLE "Asset" ADD COLUMN     "disabledAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "recoveryCodeHashes" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "totpEnabledAt" TIMESTAMP(3),
ADD COLUMN     "totpSecret" TEXT;

