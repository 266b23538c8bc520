-- AlterTable
ALTER TABLE "Developer" ADD COLUMN     "description" TEXT,
ADD COLUMN     "logoId" UUID,
ADD COLUMN     "website" TEXT;

-- AlterTable
ALTER TABLE "StoredFile" ADD COLUMN     "thumbnailKey" TEXT,
ADD COLUMN     "thumbnailUrl" TEXT;

-- AddForeignKey
ALTER TABLE "Developer" ADD CONSTRAINT "Developer_logoId_fkey" FOREIGN KEY ("logoId") REFERENCES "StoredFile"("id") ON DELETE SET NULL ON UPDATE CASCADE;

