-- CreateTable
CREATE TABLE "ViewingReview" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "assetId" UUID NOT NULL,
    "viewingId" UUID NOT NULL,
    "leadId" UUID,
    "agentId" UUID,
    "customerId" UUID,
    "listingId" UUID,
    "projectId" UUID,
    "rating" INTEGER NOT NULL,
    "comment" TEXT,
    "language" TEXT NOT NULL DEFAULT 'en',
    "disputeState" TEXT NOT NULL DEFAULT 'none',
    "disputeReason" TEXT,
    "disputedAt" TIMESTAMP(3),
    "resolvedAt" TIMESTAMP(3),
    "resolvedById" UUID,
    "resolutionNote" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "deletedAt" TIMESTAMP(3),
    "creatorId" UUID,
    "updatedById" UUID,

    CONSTRAINT "ViewingReview_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ViewingReview_viewingId_key" ON "ViewingReview"("viewingId");

-- CreateIndex
CREATE INDEX "ViewingReview_assetId_createdAt_idx" ON "ViewingReview"("assetId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "ViewingReview_assetId_agentId_idx" ON "ViewingReview"("assetId", "agentId");

-- CreateIndex
CREATE INDEX "ViewingReview_assetId_listingId_idx" ON "ViewingReview"("assetId", "listingId");

-- AddForeignKey
ALTER TABLE "ViewingReview" ADD CONSTRAINT "ViewingReview_viewingId_fkey" FOREIGN KEY ("viewingId") REFERENCES "Viewing"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ViewingReview" ADD CONSTRAINT "ViewingReview_leadId_fkey" FOREIGN KEY ("leadId") REFERENCES "Lead"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ViewingReview" ADD CONSTRAINT "ViewingReview_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "TeamMember"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ViewingReview" ADD CONSTRAINT "ViewingReview_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ViewingReview" ADD CONSTRAINT "ViewingReview_listingId_fkey" FOREIGN KEY ("listingId") REFERENCES "Listing"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ViewingReview" ADD CONSTRAINT "ViewingReview_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE SET NULL ON UPDATE CASCADE;


-- A rating is 1 to 5, whichever door wrote it.
ALTER TABLE "ViewingReview" ADD CONSTRAINT "ViewingReview_rating_check" CHECK ("rating" BETWEEN 1 AND 5);
