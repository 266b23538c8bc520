-- CreateIndex
CREATE INDEX "LeadAssignment_escalatedAt_idx" ON "LeadAssignment"("escalatedAt");

