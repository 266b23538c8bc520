-- AlterTable
ALTER TABLE "TeamMember" ADD COLUMN     "avatar2Id" UUID,
ADD COLUMN     "avatar2Url" TEXT,
ADD COLUMN     "avatarId" UUID,
ADD COLUMN     "brochureAvatarId" UUID,
ADD COLUMN     "brochureAvatarUrl" TEXT,
ADD COLUMN     "contactCard" TEXT,
ADD COLUMN     "whatsappCode" TEXT,
ADD COLUMN     "whatsappConfig" JSONB;

-- CreateTable
CREATE TABLE "MemberLoginLink" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "assetId" UUID NOT NULL,
    "memberId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "creatorId" UUID,

    CONSTRAINT "MemberLoginLink_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MemberRating" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "assetId" UUID NOT NULL,
    "memberId" UUID NOT NULL,
    "source" TEXT NOT NULL,
    "rating" INTEGER NOT NULL,
    "comment" TEXT,
    "customerId" UUID,
    "leadId" UUID,
    "hidden" BOOLEAN NOT NULL DEFAULT false,
    "ratedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "creatorId" UUID,
    "updatedById" UUID,
    "deletedAt" TIMESTAMP(3),

    CONSTRAINT "MemberRating_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "MemberLoginLink_tokenHash_key" ON "MemberLoginLink"("tokenHash");

-- CreateIndex
CREATE INDEX "MemberLoginLink_memberId_idx" ON "MemberLoginLink"("memberId");

-- CreateIndex
CREATE INDEX "MemberRating_assetId_ratedAt_id_deletedAt_idx" ON "MemberRating"("assetId", "ratedAt" DESC, "id" DESC, "deletedAt");

-- CreateIndex
CREATE INDEX "MemberRating_memberId_ratedAt_idx" ON "MemberRating"("memberId", "ratedAt");

-- AddForeignKey
ALTER TABLE "TeamMember" ADD CONSTRAINT "TeamMember_avatarId_fkey" FOREIGN KEY ("avatarId") REFERENCES "StoredFile"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TeamMember" ADD CONSTRAINT "TeamMember_avatar2Id_fkey" FOREIGN KEY ("avatar2Id") REFERENCES "StoredFile"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TeamMember" ADD CONSTRAINT "TeamMember_brochureAvatarId_fkey" FOREIGN KEY ("brochureAvatarId") REFERENCES "StoredFile"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MemberLoginLink" ADD CONSTRAINT "MemberLoginLink_memberId_fkey" FOREIGN KEY ("memberId") REFERENCES "TeamMember"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MemberRating" ADD CONSTRAINT "MemberRating_memberId_fkey" FOREIGN KEY ("memberId") REFERENCES "TeamMember"("id") ON DELETE CASCADE ON UPDATE CASCADE;

