-- AlterTable
ALTER TABLE "Listing" ADD COLUMN     "building" TEXT,
ADD COLUMN     "completionStatus" TEXT,
ADD COLUMN     "coverId" UUID,
ADD COLUMN     "coverUrl" TEXT,
ADD COLUMN     "description" TEXT,
ADD COLUMN     "descriptionAr" TEXT,
ADD COLUMN     "floorPlans" JSONB DEFAULT '[]',
ADD COLUMN     "furnishing" TEXT,
ADD COLUMN     "images" JSONB DEFAULT '[]',
ADD COLUMN     "latitude" DOUBLE PRECISION,
ADD COLUMN     "longitude" DOUBLE PRECISION,
ADD COLUMN     "ownerId" UUID,
ADD COLUMN     "parking" INTEGER,
ADD COLUMN     "permitExpiresAt" TIMESTAMP(3),
ADD COLUMN     "permitNumber" TEXT,
ADD COLUMN     "portals" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "rentFrequency" TEXT,
ADD COLUMN     "size" DOUBLE PRECISION,
ADD COLUMN     "status" TEXT NOT NULL DEFAULT 'Draft',
ADD COLUMN     "subCommunity" TEXT,
ADD COLUMN     "tags" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "titleAr" TEXT;

-- CreateIndex
CREATE INDEX "Listing_assetId_status_idx" ON "Listing"("assetId", "status");

-- CreateIndex
CREATE INDEX "Listing_assetId_permitExpiresAt_idx" ON "Listing"("assetId", "permitExpiresAt");

-- AddForeignKey
ALTER TABLE "Listing" ADD CONSTRAINT "Listing_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "Customer"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Listing" ADD CONSTRAINT "Listing_coverId_fkey" FOREIGN KEY ("coverId") REFERENCES "StoredFile"("id") ON DELETE SET NULL ON UPDATE CASCADE;

