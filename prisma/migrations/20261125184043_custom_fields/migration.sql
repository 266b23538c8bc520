-- AlterTable
ALTER TABLE "Customer" ADD COLUMN     "customFields" JSONB DEFAULT '{}';

-- AlterTable
ALTER TABLE "Project" ADD COLUMN     "customFields" JSONB DEFAULT '{}';

-- AlterTable
ALTER TABLE "Listing" ADD COLUMN     "customFields" JSONB DEFAULT '{}';

-- AlterTable
ALTER TABLE "Lead" ADD COLUMN     "customFields" JSONB DEFAULT '{}';

-- CreateTable
CREATE TABLE "CustomFieldDefinition" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "assetId" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "options" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "required" BOOLEAN NOT NULL DEFAULT false,
    "order" INTEGER NOT NULL DEFAULT 0,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "creatorId" UUID,
    "updatedById" UUID,

    CONSTRAINT "CustomFieldDefinition_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "CustomFieldDefinition_assetId_kind_order_idx" ON "CustomFieldDefinition"("assetId", "kind", "order");

-- CreateIndex
CREATE UNIQUE INDEX "CustomFieldDefinition_assetId_kind_key_key" ON "CustomFieldDefinition"("assetId", "kind", "key");

