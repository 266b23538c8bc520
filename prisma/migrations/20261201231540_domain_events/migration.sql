-- CreateTable
CREATE TABLE "DomainEvent" (
    "id" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "companyId" UUID,
    "assetId" UUID,
    "subjectType" TEXT NOT NULL,
    "subjectId" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "dispatchedAt" TIMESTAMP(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,

    CONSTRAINT "DomainEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DomainEventDelivery" (
    "eventId" UUID NOT NULL,
    "subscriber" TEXT NOT NULL,
    "deliveredAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DomainEventDelivery_pkey" PRIMARY KEY ("eventId","subscriber")
);

-- CreateIndex
CREATE INDEX "DomainEvent_dispatchedAt_createdAt_idx" ON "DomainEvent"("dispatchedAt", "createdAt");

-- CreateIndex
CREATE INDEX "DomainEvent_subjectType_subjectId_idx" ON "DomainEvent"("subjectType", "subjectId");

-- AddForeignKey
ALTER TABLE "DomainEventDelivery" ADD CONSTRAINT "DomainEventDelivery_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "DomainEvent"("id") ON DELETE CASCADE ON UPDATE CASCADE;

