-- CreateTable
CREATE TABLE "SystemLog" (
    "id" UUID NOT NULL,
    "companyId" UUID,
    "assetId" UUID,
    "userId" UUID,
    "source" TEXT NOT NULL,
    "event" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "requestId" TEXT,
    "method" TEXT,
    "url" TEXT,
    "status" INTEGER,
    "queue" TEXT,
    "jobId" TEXT,
    "attempts" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SystemLog_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SystemLog_companyId_createdAt_idx" ON "SystemLog"("companyId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "SystemLog_createdAt_idx" ON "SystemLog"("createdAt" DESC);

