-- DropIndex
DROP INDEX "LeadAssignment_leadId_assignedAt_idx";

-- DropIndex
DROP INDEX "LeadStageChange_leadId_changedAt_idx";

-- DropIndex
DROP INDEX "Message_conversationId_sentAt_idx";

-- DropIndex
DROP INDEX "Envelope_leadId_createdAt_idx";

-- DropIndex
DROP INDEX "Activity_leadId_createdAt_idx";

-- DropIndex
DROP INDEX "Activity_dealId_createdAt_idx";

-- CreateTable
CREATE TABLE "DealStageChange" (
    "id" UUID NOT NULL,
    "dealId" UUID NOT NULL,
    "assetId" UUID NOT NULL,
    "pipeline" TEXT NOT NULL,
    "fromStage" TEXT,
    "toStage" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "changedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "changedById" UUID,

    CONSTRAINT "DealStageChange_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "DealStageChange_dealId_changedAt_id_idx" ON "DealStageChange"("dealId", "changedAt", "id");

-- CreateIndex
CREATE INDEX "LeadAssignment_leadId_assignedAt_id_idx" ON "LeadAssignment"("leadId", "assignedAt", "id");

-- CreateIndex
CREATE INDEX "LeadStageChange_leadId_changedAt_id_idx" ON "LeadStageChange"("leadId", "changedAt", "id");

-- CreateIndex
CREATE INDEX "Message_conversationId_sentAt_id_idx" ON "Message"("conversationId", "sentAt", "id");

-- CreateIndex
CREATE INDEX "Viewing_leadId_createdAt_id_idx" ON "Viewing"("leadId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Viewing_customerId_createdAt_id_idx" ON "Viewing"("customerId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Envelope_leadId_createdAt_id_idx" ON "Envelope"("leadId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Activity_leadId_createdAt_id_idx" ON "Activity"("leadId", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Activity_customerId_createdAt_id_idx" ON "Activity"("customerId", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Activity_dealId_createdAt_id_idx" ON "Activity"("dealId", "createdAt" DESC, "id" DESC);

-- AddForeignKey
ALTER TABLE "DealStageChange" ADD CONSTRAINT "DealStageChange_dealId_fkey" FOREIGN KEY ("dealId") REFERENCES "Deal"("id") ON DELETE CASCADE ON UPDATE CASCADE;

