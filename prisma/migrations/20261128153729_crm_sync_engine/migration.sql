-- AlterTable
ALTER TABLE "Asset" ADD COLUMN     "primaryCrm" TEXT NOT NULL DEFAULT 'none';

-- AlterTable
ALTER TABLE "Listing" ADD COLUMN     "inputSource" TEXT;

-- AlterTable
ALTER TABLE "SyncRun" ADD COLUMN     "attempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "counts" JSONB NOT NULL DEFAULT '{}';

-- CreateTable
CREATE TABLE "ExternalRef" (
    "id" UUID NOT NULL,
    "assetId" UUID NOT NULL,
    "integrationId" UUID NOT NULL,
    "provider" TEXT NOT NULL,
    "entity" TEXT NOT NULL,
    "entityId" UUID NOT NULL,
    "externalId" TEXT,
    "payloadHash" TEXT NOT NULL,
    "remote" JSONB NOT NULL DEFAULT '{}',
    "syncedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ExternalRef_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ExternalRef_assetId_entity_entityId_idx" ON "ExternalRef"("assetId", "entity", "entityId");

-- CreateIndex
CREATE UNIQUE INDEX "ExternalRef_integrationId_entity_entityId_key" ON "ExternalRef"("integrationId", "entity", "entityId");

-- CreateIndex
CREATE UNIQUE INDEX "TeamMember_assetId_inputSource_sourceDataId_key" ON "TeamMember"("assetId", "inputSource", "sourceDataId");

-- CreateIndex
CREATE UNIQUE INDEX "Listing_assetId_inputSource_sourceDataId_key" ON "Listing"("assetId", "inputSource", "sourceDataId");

-- AddForeignKey
ALTER TABLE "ExternalRef" ADD CONSTRAINT "ExternalRef_integrationId_fkey" FOREIGN KEY ("integrationId") REFERENCES "IntegrationConfig"("id") ON DELETE CASCADE ON UPDATE CASCADE;

