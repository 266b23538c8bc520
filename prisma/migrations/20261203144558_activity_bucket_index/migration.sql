-- CreateIndex
CREATE INDEX "Activity_assetId_deletedAt_doneAt_dueAt_idx" ON "Activity"("assetId", "deletedAt", "doneAt", "dueAt");

