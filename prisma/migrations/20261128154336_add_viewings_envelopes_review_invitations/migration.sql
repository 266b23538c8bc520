-- CreateTable
CREATE TABLE "Viewing" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "assetId" UUID NOT NULL,
    "leadId" UUID NOT NULL,
    "customerId" UUID,
    "listingId" UUID,
    "projectId" UUID,
    "agentId" UUID,
    "startsAt" TIMESTAMP(3) NOT NULL,
    "durationMinutes" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'scheduled',
    "notes" TEXT,
    "feedbackRequestedAt" TIMESTAMP(3),
    "calendarEventId" TEXT,
    "calendarMemberId" UUID,
    "calendarError" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "creatorId" UUID,
    "updatedById" UUID,

    CONSTRAINT "Viewing_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Envelope" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "assetId" UUID NOT NULL,
    "leadId" UUID NOT NULL,
    "fileId" UUID NOT NULL,
    "envelopeId" TEXT,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "subject" TEXT NOT NULL,
    "signerName" TEXT NOT NULL,
    "signerEmail" TEXT NOT NULL,
    "sentAt" TIMESTAMP(3),
    "deliveredAt" TIMESTAMP(3),
    "completedAt" TIMESTAMP(3),
    "declinedAt" TIMESTAMP(3),
    "voidedAt" TIMESTAMP(3),
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "creatorId" UUID,
    "updatedById" UUID,

    CONSTRAINT "Envelope_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ReviewInvitation" (
    "id" UUID NOT NULL,
    "assetId" UUID NOT NULL,
    "customerId" UUID NOT NULL,
    "trigger" TEXT NOT NULL,
    "leadId" UUID,
    "viewingId" UUID,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "error" TEXT,
    "sentAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ReviewInvitation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MemberCalendarToken" (
    "id" UUID NOT NULL,
    "assetId" UUID NOT NULL,
    "memberId" UUID NOT NULL,
    "sealedRefreshToken" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "MemberCalendarToken_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Viewing_assetId_startsAt_id_idx" ON "Viewing"("assetId", "startsAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Viewing_leadId_startsAt_idx" ON "Viewing"("leadId", "startsAt");

-- CreateIndex
CREATE INDEX "Envelope_assetId_createdAt_id_idx" ON "Envelope"("assetId", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Envelope_leadId_createdAt_idx" ON "Envelope"("leadId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Envelope_assetId_envelopeId_key" ON "Envelope"("assetId", "envelopeId");

-- CreateIndex
CREATE UNIQUE INDEX "ReviewInvitation_assetId_customerId_trigger_key" ON "ReviewInvitation"("assetId", "customerId", "trigger");

-- CreateIndex
CREATE UNIQUE INDEX "MemberCalendarToken_memberId_key" ON "MemberCalendarToken"("memberId");

-- AddForeignKey
ALTER TABLE "Viewing" ADD CONSTRAINT "Viewing_leadId_fkey" FOREIGN KEY ("leadId") REFERENCES "Lead"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Viewing" ADD CONSTRAINT "Viewing_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Viewing" ADD CONSTRAINT "Viewing_listingId_fkey" FOREIGN KEY ("listingId") REFERENCES "Listing"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Viewing" ADD CONSTRAINT "Viewing_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Viewing" ADD CONSTRAINT "Viewing_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "TeamMember"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Envelope" ADD CONSTRAINT "Envelope_leadId_fkey" FOREIGN KEY ("leadId") REFERENCES "Lead"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Envelope" ADD CONSTRAINT "Envelope_fileId_fkey" FOREIGN KEY ("fileId") REFERENCES "StoredFile"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MemberCalendarToken" ADD CONSTRAINT "MemberCalendarToken_memberId_fkey" FOREIGN KEY ("memberId") REFERENCES "TeamMember"("id") ON DELETE CASCADE ON UPDATE CASCADE;

