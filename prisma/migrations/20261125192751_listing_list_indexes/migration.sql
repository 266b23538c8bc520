-- CreateIndex
CREATE INDEX "Listing_title_idx" ON "Listing" USING GIN ("title" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Listing_permitNumber_idx" ON "Listing" USING GIN ("permitNumber" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Listing_assetId_leadType_community_createdAt_id_price_delet_idx" ON "Listing"("assetId", "leadType", "community", "createdAt" DESC, "id" DESC, "price", "deletedAt");

