-- CreateExtension
CREATE EXTENSION IF NOT EXISTS "btree_gin";

-- DropIndex
DROP INDEX "Customer_assetId_createdAt_id_idx";

-- CreateIndex
CREATE INDEX "Customer_assetId_search_trgm_idx" ON "Customer" USING GIN ("assetId" uuid_ops, "fullName" gin_trgm_ops, "phoneNumber" gin_trgm_ops, "email" gin_trgm_ops, "sourceDataId" gin_trgm_ops, "customerID" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Customer_assetId_createdAt_id_deletedAt_idx" ON "Customer"("assetId", "createdAt" DESC, "id" DESC, "deletedAt");

