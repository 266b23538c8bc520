-- AlterTable
ALTER TABLE "Customer" ADD COLUMN     "emailStatus" TEXT,
ADD COLUMN     "emailStatusAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Listing" ADD COLUMN     "shortUrl" TEXT;

-- AlterTable
ALTER TABLE "Lead" ADD COLUMN     "trackingShortUrl" TEXT;

-- CreateTable
CREATE TABLE "PushDevice" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "token" TEXT NOT NULL,
    "platform" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PushDevice_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProductEvent" (
    "id" UUID NOT NULL,
    "assetId" UUID NOT NULL,
    "key" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "subjectId" UUID NOT NULL,
    "userId" UUID,
    "occurredAt" TIMESTAMP(3) NOT NULL,
    "properties" JSONB NOT NULL DEFAULT '{}',
    "payload" JSONB NOT NULL DEFAULT '{}',
    "amplitudePending" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ProductEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ZapierSubscription" (
    "id" UUID NOT NULL,
    "assetId" UUID NOT NULL,
    "event" TEXT NOT NULL,
    "targetUrl" TEXT NOT NULL,
    "apiKeyId" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ZapierSubscription_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "PushDevice_token_key" ON "PushDevice"("token");

-- CreateIndex
CREATE INDEX "PushDevice_userId_idx" ON "PushDevice"("userId");

-- CreateIndex
CREATE INDEX "ProductEvent_assetId_amplitudePending_createdAt_idx" ON "ProductEvent"("assetId", "amplitudePending", "createdAt");

-- CreateIndex
CREATE INDEX "ProductEvent_createdAt_idx" ON "ProductEvent"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "ProductEvent_assetId_key_key" ON "ProductEvent"("assetId", "key");

-- CreateIndex
CREATE INDEX "ZapierSubscription_assetId_event_idx" ON "ZapierSubscription"("assetId", "event");

-- CreateIndex
CREATE UNIQUE INDEX "ZapierSubscription_assetId_event_targetUrl_key" ON "ZapierSubscription"("assetId", "event", "targetUrl");

-- AddForeignKey
ALTER TABLE "PushDevice" ADD CONSTRAINT "PushDevice_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

