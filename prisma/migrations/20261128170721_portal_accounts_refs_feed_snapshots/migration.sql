-- AlterTable
ALTER TABLE "Listing" ADD COLUMN     "portalStatus" JSONB DEFAULT '{}';

-- AlterTable
ALTER TABLE "WebhookEvent" ADD COLUMN     "accountId" UUID;

-- AlterTable
ALTER TABLE "SyncRun" ADD COLUMN     "accountId" UUID;

-- AlterTable
ALTER TABLE "StaffNotification" ADD COLUMN     "listingId" UUID;

-- CreateTable
CREATE TABLE "IntegrationAccount" (
    "id" UUID NOT NULL,
    "integrationId" UUID NOT NULL,
    "assetId" UUID NOT NULL,
    "provider" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "config" JSONB NOT NULL DEFAULT '{}',
    "status" TEXT NOT NULL DEFAULT 'not_configured',
    "secretsCiphertext" BYTEA,
    "secretsIv" BYTEA,
    "secretsTag" BYTEA,
    "secretsKeyVersion" TEXT,
    "lastTestedAt" TIMESTAMP(3),
    "lastError" TEXT,
    "pollCursor" TEXT,
    "pollFailures" INTEGER NOT NULL DEFAULT 0,
    "webhookSubscriptions" JSONB NOT NULL DEFAULT '{}',
    "webhookError" TEXT,
    "creatorId" UUID,
    "updatedById" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "IntegrationAccount_pkey" PRIMARY KEY ("id")
);

-- AlterTable: one ExternalRef for every provider (the sync engine's, crm_sync_engine), now kept per account. A
-- provider connected once has one account, the integration itself; so has a Property Finder integration's first
-- account (it takes the integration's id, below), so the references already made stay that account's.
ALTER TABLE "ExternalRef" ADD COLUMN     "accountId" UUID,
ADD COLUMN     "error" TEXT,
ADD COLUMN     "state" TEXT,
ALTER COLUMN "payloadHash" DROP NOT NULL,
ALTER COLUMN "syncedAt" DROP NOT NULL,
ALTER COLUMN "syncedAt" DROP DEFAULT;
UPDATE "ExternalRef" SET "accountId" = "integrationId";
ALTER TABLE "ExternalRef" ALTER COLUMN "accountId" SET NOT NULL;

-- CreateTable
CREATE TABLE "FeedSnapshot" (
    "integrationId" UUID NOT NULL,
    "assetId" UUID NOT NULL,
    "format" TEXT NOT NULL,
    "etag" TEXT NOT NULL,
    "gzip" BYTEA NOT NULL,
    "bytes" INTEGER NOT NULL,
    "listings" INTEGER NOT NULL,
    "builtAt" TIMESTAMP(3) NOT NULL,
    "staleAt" TIMESTAMP(3),

    CONSTRAINT "FeedSnapshot_pkey" PRIMARY KEY ("integrationId")
);

-- CreateIndex
CREATE INDEX "IntegrationAccount_integrationId_createdAt_idx" ON "IntegrationAccount"("integrationId", "createdAt");

-- DropIndex
DROP INDEX "ExternalRef_integrationId_entity_entityId_key";

-- CreateIndex
CREATE INDEX "ExternalRef_accountId_entity_externalId_idx" ON "ExternalRef"("accountId", "entity", "externalId");

-- CreateIndex
CREATE UNIQUE INDEX "ExternalRef_accountId_entity_entityId_key" ON "ExternalRef"("accountId", "entity", "entityId");

-- AddForeignKey
ALTER TABLE "IntegrationAccount" ADD CONSTRAINT "IntegrationAccount_integrationId_fkey" FOREIGN KEY ("integrationId") REFERENCES "IntegrationConfig"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FeedSnapshot" ADD CONSTRAINT "FeedSnapshot_integrationId_fkey" FOREIGN KEY ("integrationId") REFERENCES "IntegrationConfig"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebhookEvent" ADD CONSTRAINT "WebhookEvent_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "IntegrationAccount"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SyncRun" ADD CONSTRAINT "SyncRun_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "IntegrationAccount"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Data: each asset's single Property Finder setup becomes its first account. The account takes the integration's
-- id, so the webhook address Property Finder already posts to and the secrets sealed for it stay valid.
INSERT INTO "IntegrationAccount" ("id", "integrationId", "assetId", "provider", "label", "config", "status",
  "secretsCiphertext", "secretsIv", "secretsTag", "secretsKeyVersion", "lastTestedAt", "lastError", "pollCursor",
  "pollFailures", "creatorId", "updatedById", "createdAt", "updatedAt")
SELECT "id", "id", "assetId", "name", COALESCE(NULLIF("config"->>'label', ''), 'Property Finder'), "config", "status",
  "secretsCiphertext", "secretsIv", "secretsTag", "secretsKeyVersion", "lastTestedAt", "lastError", "pollCursor",
  "pollFailures", "creatorId", "updatedById", "createdAt", "updatedAt"
FROM "IntegrationConfig"
WHERE "name" = 'propertyfinder' AND ("secretsCiphertext" IS NOT NULL OR "config" <> '{}'::jsonb);

UPDATE "WebhookEvent" SET "accountId" = "integrationId"
WHERE "provider" = 'propertyfinder' AND "integrationId" IN (SELECT "id" FROM "IntegrationAccount");
UPDATE "SyncRun" SET "accountId" = "integrationId"
WHERE "provider" = 'propertyfinder' AND "integrationId" IN (SELECT "id" FROM "IntegrationAccount");

-- The integration keeps only what is the provider's as a whole (the switch, the schedule); the account holds the rest.
UPDATE "IntegrationConfig" SET "config" = '{}'::jsonb, "secretsCiphertext" = NULL, "secretsIv" = NULL, "secretsTag" = NULL,
  "secretsKeyVersion" = NULL, "pollCursor" = NULL, "pollFailures" = 0
WHERE "name" = 'propertyfinder';
