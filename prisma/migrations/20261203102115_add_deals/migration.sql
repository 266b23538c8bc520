-- CreateTable
CREATE TABLE "Deal" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "assetId" UUID NOT NULL,
    "title" TEXT NOT NULL,
    "leadId" UUID,
    "customerId" UUID NOT NULL,
    "listingId" UUID,
    "projectId" UUID,
    "agentId" UUID NOT NULL,
    "officeName" TEXT,
    "pipeline" TEXT NOT NULL,
    "stage" TEXT NOT NULL,
    "outcome" TEXT NOT NULL DEFAULT 'open',
    "probability" INTEGER NOT NULL,
    "value" DECIMAL(18,0) NOT NULL DEFAULT 0,
    "currency" TEXT NOT NULL,
    "commissionBasisPoints" INTEGER,
    "commission" DECIMAL(18,0) NOT NULL DEFAULT 0,
    "expectedCloseDate" TIMESTAMP(3),
    "actualCloseDate" TIMESTAMP(3),
    "lostReason" TEXT,
    "documents" JSONB DEFAULT '[]',
    "notes" TEXT,
    "stageChangedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastActivityAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "staleAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "creatorId" UUID,
    "updatedById" UUID,
    "deletedAt" TIMESTAMP(3),

    CONSTRAINT "Deal_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DealSplit" (
    "id" UUID NOT NULL,
    "dealId" UUID NOT NULL,
    "assetId" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "party" TEXT NOT NULL,
    "memberId" UUID,
    "customerId" UUID,
    "basisPoints" INTEGER,
    "amount" DECIMAL(18,0) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DealSplit_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DealAdjustment" (
    "id" UUID NOT NULL,
    "dealId" UUID NOT NULL,
    "assetId" UUID NOT NULL,
    "reason" TEXT NOT NULL,
    "userId" UUID,
    "userName" TEXT NOT NULL,
    "before" JSONB NOT NULL,
    "after" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DealAdjustment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DealPipeline" (
    "id" UUID NOT NULL,
    "assetId" UUID NOT NULL,
    "pipeline" TEXT NOT NULL,
    "stages" JSONB NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "updatedById" UUID,

    CONSTRAINT "DealPipeline_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Deal_assetId_stageChangedAt_id_idx" ON "Deal"("assetId", "stageChangedAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Deal_assetId_pipeline_stage_stageChangedAt_id_idx" ON "Deal"("assetId", "pipeline", "stage", "stageChangedAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Deal_assetId_agentId_outcome_idx" ON "Deal"("assetId", "agentId", "outcome");

-- CreateIndex
CREATE INDEX "Deal_assetId_actualCloseDate_idx" ON "Deal"("assetId", "actualCloseDate");

-- CreateIndex
CREATE INDEX "DealSplit_assetId_memberId_idx" ON "DealSplit"("assetId", "memberId");

-- CreateIndex
CREATE UNIQUE INDEX "DealSplit_dealId_position_key" ON "DealSplit"("dealId", "position");

-- CreateIndex
CREATE INDEX "DealAdjustment_dealId_createdAt_idx" ON "DealAdjustment"("dealId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "DealPipeline_assetId_pipeline_key" ON "DealPipeline"("assetId", "pipeline");

-- AddForeignKey
ALTER TABLE "Deal" ADD CONSTRAINT "Deal_leadId_fkey" FOREIGN KEY ("leadId") REFERENCES "Lead"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Deal" ADD CONSTRAINT "Deal_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Deal" ADD CONSTRAINT "Deal_listingId_fkey" FOREIGN KEY ("listingId") REFERENCES "Listing"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Deal" ADD CONSTRAINT "Deal_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Deal" ADD CONSTRAINT "Deal_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "TeamMember"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DealSplit" ADD CONSTRAINT "DealSplit_dealId_fkey" FOREIGN KEY ("dealId") REFERENCES "Deal"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DealSplit" ADD CONSTRAINT "DealSplit_memberId_fkey" FOREIGN KEY ("memberId") REFERENCES "TeamMember"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DealSplit" ADD CONSTRAINT "DealSplit_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DealAdjustment" ADD CONSTRAINT "DealAdjustment_dealId_fkey" FOREIGN KEY ("dealId") REFERENCES "Deal"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- One deal per lead: a retried or concurrent move of the lead to Deal opens one; a deleted deal lets go of its lead.
CREATE UNIQUE INDEX "Deal_leadId_key" ON "Deal"("leadId");

-- The board's totals per stage from the index alone (count, value, weighted value).
CREATE INDEX "Deal_assetId_pipeline_stage_deletedAt_value_probability_idx" ON "Deal"("assetId", "pipeline", "stage", "deletedAt", "value", "probability");

-- A staff notification about a deal (won, lost).
ALTER TABLE "StaffNotification" ADD COLUMN "dealId" UUID;
