-- AlterTable
ALTER TABLE "IntegrationConfig" ADD COLUMN     "creatorId" UUID,
ADD COLUMN     "lastError" TEXT,
ADD COLUMN     "lastTestedAt" TIMESTAMP(3),
ADD COLUMN     "secretsCiphertext" BYTEA,
ADD COLUMN     "secretsIv" BYTEA,
ADD COLUMN     "secretsKeyVersion" TEXT,
ADD COLUMN     "secretsTag" BYTEA,
ADD COLUMN     "status" TEXT NOT NULL DEFAULT 'not_configured',
ADD COLUMN     "syncSchedule" JSONB NOT NULL DEFAULT '{}';

-- CreateTable
CREATE TABLE "SyncRun" (
    "id" UUID NOT NULL,
    "assetId" UUID NOT NULL,
    "integrationId" UUID NOT NULL,
    "provider" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "progressDone" INTEGER NOT NULL DEFAULT 0,
    "progressTotal" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "SyncRun_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SyncRun_integrationId_createdAt_idx" ON "SyncRun"("integrationId", "createdAt" DESC);

-- AddForeignKey
ALTER TABLE "SyncRun" ADD CONSTRAINT "SyncRun_integrationId_fkey" FOREIGN KEY ("integrationId") REFERENCES "IntegrationConfig"("id") ON DELETE CASCADE ON UPDATE CASCADE;

