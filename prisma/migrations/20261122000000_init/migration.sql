-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateExtension
CREATE EXTENSION IF NOT EXISTS "pg_trgm";

-- CreateTable
CREATE TABLE "Company" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Company_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Asset" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "timezone" TEXT NOT NULL DEFAULT 'Asia/Dubai',
    "currencyCode" TEXT NOT NULL DEFAULT 'AED',
    "settings" JSONB NOT NULL DEFAULT '{}',
    "initialSlaMinutes" INTEGER NOT NULL DEFAULT 30,
    "freePoolSlaMinutes" INTEGER NOT NULL DEFAULT 120,
    "assignmentStrategy" TEXT NOT NULL DEFAULT 'round_robin',
    "dailyLeadQuota" INTEGER NOT NULL DEFAULT 0,
    "workingHours" JSONB,
    "roundRobinCursor" UUID,
    "leadSequence" INTEGER NOT NULL DEFAULT 0,
    "customerSequence" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "creatorId" UUID,
    "updatedById" UUID,

    CONSTRAINT "Asset_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Role" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "permissions" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Role_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "User" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "roleId" UUID NOT NULL,
    "activeAssetId" UUID,
    "email" TEXT NOT NULL,
    "fullName" TEXT NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "isRootUser" BOOLEAN NOT NULL DEFAULT false,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "avatarId" UUID,
    "tokenVersion" INTEGER NOT NULL DEFAULT 0,
    "lastLoginAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UserAsset" (
    "userId" UUID NOT NULL,
    "assetId" UUID NOT NULL,

    CONSTRAINT "UserAsset_pkey" PRIMARY KEY ("userId","assetId")
);

-- CreateTable
CREATE TABLE "AuthSession" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "revokedAt" TIMESTAMP(3),
    "ip" TEXT,
    "userAgent" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AuthSession_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PasswordResetToken" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "type" TEXT NOT NULL DEFAULT 'oac',
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PasswordResetToken_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AccessLog" (
    "id" UUID NOT NULL,
    "companyId" UUID,
    "userId" UUID,
    "email" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "success" BOOLEAN NOT NULL,
    "reason" TEXT,
    "ip" TEXT,
    "userAgent" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AccessLog_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ActivityLog" (
    "id" UUID NOT NULL,
    "companyId" UUID,
    "assetId" UUID,
    "userId" UUID,
    "action" TEXT NOT NULL,
    "subjectType" TEXT NOT NULL,
    "subjectId" TEXT,
    "changes" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ActivityLog_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Department" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "assetId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "translations" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "creatorId" UUID,
    "updatedById" UUID,
    "deletedAt" TIMESTAMP(3),

    CONSTRAINT "Department_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Group" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "assetId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "creatorId" UUID,
    "updatedById" UUID,
    "deletedAt" TIMESTAMP(3),

    CONSTRAINT "Group_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Office" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "assetId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "creatorId" UUID,
    "updatedById" UUID,
    "deletedAt" TIMESTAMP(3),

    CONSTRAINT "Office_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TeamMember" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "assetId" UUID NOT NULL,
    "userId" UUID,
    "name" TEXT NOT NULL,
    "officeId" UUID,
    "officeName" TEXT,
    "designation" TEXT,
    "email" TEXT,
    "phone" TEXT,
    "phoneCode" TEXT,
    "phoneNumber" TEXT,
    "whatsappNumber" TEXT,
    "inputSource" TEXT,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "translations" JSONB,
    "dataSourceCreatedAt" TIMESTAMP(3),
    "dataSourceUpdatedAt" TIMESTAMP(3),
    "sourceDataId" TEXT,
    "crmId" TEXT,
    "photoUrl" TEXT,
    "originalPhotoUrl" TEXT,
    "areas" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "description" TEXT,
    "videoLink" TEXT,
    "facebookProfileLink" TEXT,
    "twitterProfileLink" TEXT,
    "instagramProfileLink" TEXT,
    "linkedInProfileLink" TEXT,
    "calendly" TEXT,
    "showContactInfo" BOOLEAN NOT NULL DEFAULT false,
    "isTest" BOOLEAN NOT NULL DEFAULT false,
    "isLeadProcessEnabled" BOOLEAN NOT NULL DEFAULT false,
    "isEngageHero" BOOLEAN NOT NULL DEFAULT false,
    "leadWeight" INTEGER NOT NULL DEFAULT 1,
    "type" TEXT,
    "departmentId" UUID,
    "reportedToId" UUID,
    "averageResponseTime" DOUBLE PRECISION,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "creatorId" UUID,
    "updatedById" UUID,
    "deletedAt" TIMESTAMP(3),

    CONSTRAINT "TeamMember_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Customer" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "assetId" UUID NOT NULL,
    "customerID" TEXT NOT NULL,
    "firstName" TEXT NOT NULL,
    "lastName" TEXT,
    "fullName" TEXT NOT NULL,
    "phoneCode" TEXT,
    "phone" TEXT,
    "phoneNumber" TEXT,
    "email" TEXT,
    "type" TEXT NOT NULL DEFAULT 'Client',
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "doNotDisturb" BOOLEAN NOT NULL DEFAULT false,
    "inputSource" TEXT,
    "sourceDataId" TEXT,
    "imageUrl" TEXT,
    "avatarId" UUID,
    "translations" JSONB,
    "dncrStatus" TEXT,
    "crmId" TEXT,
    "loginEnabled" BOOLEAN NOT NULL DEFAULT false,
    "loginPasswordHash" TEXT,
    "quickLoginTokenId" TEXT,
    "quickLoginExpiresAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "creatorId" UUID,
    "updatedById" UUID,
    "deletedAt" TIMESTAMP(3),

    CONSTRAINT "Customer_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Developer" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "assetId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "slug" TEXT,
    "logoUrl" TEXT,
    "translations" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "creatorId" UUID,
    "updatedById" UUID,
    "deletedAt" TIMESTAMP(3),

    CONSTRAINT "Developer_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Project" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "assetId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "translations" JSONB,
    "developerId" UUID,
    "campaignName" TEXT,
    "country" TEXT,
    "city" TEXT,
    "location" TEXT,
    "bedrooms" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "amenities" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "unitTypes" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "minPrice" DECIMAL(14,2),
    "maxPrice" DECIMAL(14,2),
    "startDate" TIMESTAMP(3),
    "completionDate" TIMESTAMP(3),
    "sourceDataId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "creatorId" UUID,
    "updatedById" UUID,
    "deletedAt" TIMESTAMP(3),

    CONSTRAINT "Project_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Listing" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "assetId" UUID NOT NULL,
    "reference" TEXT NOT NULL,
    "title" TEXT,
    "leadType" TEXT NOT NULL DEFAULT 'Sale',
    "unitType" TEXT,
    "country" TEXT,
    "city" TEXT,
    "location" TEXT,
    "subLocation" TEXT,
    "community" TEXT,
    "bedrooms" INTEGER,
    "bathrooms" INTEGER,
    "price" DECIMAL(14,2),
    "amenities" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "agentId" UUID,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "sourceDataId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "creatorId" UUID,
    "updatedById" UUID,
    "deletedAt" TIMESTAMP(3),

    CONSTRAINT "Listing_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Lead" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "assetId" UUID NOT NULL,
    "leadID" TEXT NOT NULL,
    "customerId" UUID NOT NULL,
    "agentId" UUID,
    "referredById" UUID,
    "listingId" UUID,
    "projectId" UUID,
    "parentId" UUID,
    "type" TEXT NOT NULL DEFAULT 'general',
    "contactType" TEXT NOT NULL,
    "leadType" TEXT,
    "source" TEXT NOT NULL,
    "sourceChannel" TEXT,
    "sourceDataId" TEXT,
    "inputSource" TEXT,
    "enquiryMethod" TEXT,
    "contactMethod" TEXT,
    "stage" TEXT NOT NULL DEFAULT 'New',
    "status" TEXT NOT NULL DEFAULT 'Open',
    "action" TEXT,
    "rating" TEXT,
    "unitType" TEXT,
    "amenities" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "country" TEXT,
    "city" TEXT,
    "location" TEXT,
    "locations" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "subLocation" TEXT,
    "community" TEXT,
    "minBedrooms" INTEGER,
    "maxBedrooms" INTEGER,
    "minBathrooms" INTEGER,
    "maxBathrooms" INTEGER,
    "minPrice" DECIMAL(14,2),
    "maxPrice" DECIMAL(14,2),
    "remarks" TEXT,
    "officeName" TEXT,
    "utm" JSONB,
    "isManualAssignment" BOOLEAN NOT NULL DEFAULT false,
    "sendToPool" BOOLEAN NOT NULL DEFAULT false,
    "setAutoSLADetails" BOOLEAN NOT NULL DEFAULT true,
    "initialSlaEndDate" TIMESTAMP(3),
    "freePoolSlaEndDate" TIMESTAMP(3),
    "isAccepted" BOOLEAN NOT NULL DEFAULT false,
    "acceptedAt" TIMESTAMP(3),
    "isContacted" BOOLEAN NOT NULL DEFAULT false,
    "isClaimedFromPool" BOOLEAN NOT NULL DEFAULT false,
    "isReheated" BOOLEAN NOT NULL DEFAULT false,
    "isInFreePool" BOOLEAN NOT NULL DEFAULT false,
    "isAssignedFromLeadPool" BOOLEAN NOT NULL DEFAULT false,
    "agentAssignedAt" TIMESTAMP(3),
    "slaResponseTime" DOUBLE PRECISION,
    "trackingLink" TEXT,
    "trackingLinkViewAt" TIMESTAMP(3),
    "trackingLinkClickedBySystem" BOOLEAN NOT NULL DEFAULT false,
    "timeToClose" DOUBLE PRECISION,
    "timeToQualify" DOUBLE PRECISION,
    "followUpAt" TIMESTAMP(3),
    "latestActivity" TEXT,
    "lastActivityAt" TIMESTAMP(3),
    "isSubscribedToNotifications" BOOLEAN NOT NULL DEFAULT false,
    "dataSourceCreatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "creatorId" UUID,
    "creatorName" TEXT NOT NULL DEFAULT 'System',
    "updatedById" UUID,
    "updatedByName" TEXT NOT NULL DEFAULT 'System',
    "deletedAt" TIMESTAMP(3),

    CONSTRAINT "Lead_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LeadAssignment" (
    "id" UUID NOT NULL,
    "leadId" UUID NOT NULL,
    "agentId" UUID NOT NULL,
    "reason" TEXT NOT NULL,
    "assignedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "acceptedAt" TIMESTAMP(3),
    "responseMinutes" DOUBLE PRECISION,

    CONSTRAINT "LeadAssignment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LeadStageChange" (
    "id" UUID NOT NULL,
    "leadId" UUID NOT NULL,
    "stage" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "changedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "changedById" UUID,

    CONSTRAINT "LeadStageChange_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LeadReview" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "assetId" UUID NOT NULL,
    "leadId" UUID NOT NULL,
    "customerId" UUID,
    "agentId" UUID,
    "subjectType" TEXT NOT NULL DEFAULT 'Lead',
    "category" TEXT,
    "rating" INTEGER,
    "feedback" TEXT,
    "subject" TEXT,
    "status" TEXT,
    "qualificationTime" DOUBLE PRECISION,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "creatorId" UUID,
    "updatedById" UUID,

    CONSTRAINT "LeadReview_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StoredFile" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "assetId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "category" TEXT,
    "type" TEXT NOT NULL DEFAULT 'other',
    "mimeType" TEXT,
    "size" INTEGER NOT NULL DEFAULT 0,
    "storageKey" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "accessToken" TEXT,
    "ext" TEXT,
    "isHidden" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "creatorId" UUID,
    "updatedById" UUID,
    "deletedAt" TIMESTAMP(3),

    CONSTRAINT "StoredFile_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "IntegrationConfig" (
    "id" UUID NOT NULL,
    "assetId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "config" JSONB NOT NULL DEFAULT '{}',
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "updatedById" UUID,

    CONSTRAINT "IntegrationConfig_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FaqCategory" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "assetId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "creatorId" UUID,
    "updatedById" UUID,
    "deletedAt" TIMESTAMP(3),

    CONSTRAINT "FaqCategory_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Faq" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "assetId" UUID NOT NULL,
    "categoryId" UUID,
    "question" TEXT NOT NULL,
    "answer" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "order" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "creatorId" UUID,
    "updatedById" UUID,
    "deletedAt" TIMESTAMP(3),

    CONSTRAINT "Faq_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "JobRun" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "assetId" UUID NOT NULL,
    "userId" UUID,
    "kind" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "progress" INTEGER NOT NULL DEFAULT 0,
    "total" INTEGER,
    "params" JSONB,
    "result" JSONB,
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "JobRun_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "_GroupToTeamMember" (
    "A" UUID NOT NULL,
    "B" UUID NOT NULL,

    CONSTRAINT "_GroupToTeamMember_AB_pkey" PRIMARY KEY ("A","B")
);

-- CreateTable
CREATE TABLE "_ProjectAgents" (
    "A" UUID NOT NULL,
    "B" UUID NOT NULL,

    CONSTRAINT "_ProjectAgents_AB_pkey" PRIMARY KEY ("A","B")
);

-- CreateIndex
CREATE INDEX "Asset_name_idx" ON "Asset"("name");

-- CreateIndex
CREATE UNIQUE INDEX "Asset_companyId_name_key" ON "Asset"("companyId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "Role_companyId_code_key" ON "Role"("companyId", "code");

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE INDEX "User_companyId_idx" ON "User"("companyId");

-- CreateIndex
CREATE INDEX "UserAsset_assetId_idx" ON "UserAsset"("assetId");

-- CreateIndex
CREATE INDEX "AuthSession_userId_idx" ON "AuthSession"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "PasswordResetToken_tokenHash_key" ON "PasswordResetToken"("tokenHash");

-- CreateIndex
CREATE INDEX "PasswordResetToken_userId_idx" ON "PasswordResetToken"("userId");

-- CreateIndex
CREATE INDEX "AccessLog_userId_createdAt_idx" ON "AccessLog"("userId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "AccessLog_createdAt_idx" ON "AccessLog"("createdAt" DESC);

-- CreateIndex
CREATE INDEX "ActivityLog_assetId_createdAt_idx" ON "ActivityLog"("assetId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "ActivityLog_subjectType_subjectId_idx" ON "ActivityLog"("subjectType", "subjectId");

-- CreateIndex
CREATE INDEX "Department_assetId_name_idx" ON "Department"("assetId", "name");

-- CreateIndex
CREATE INDEX "Group_assetId_name_idx" ON "Group"("assetId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "Office_assetId_name_key" ON "Office"("assetId", "name");

-- CreateIndex
CREATE INDEX "TeamMember_userId_idx" ON "TeamMember"("userId");

-- CreateIndex
CREATE INDEX "TeamMember_assetId_name_idx" ON "TeamMember"("assetId", "name");

-- CreateIndex
CREATE INDEX "TeamMember_assetId_enabled_isTest_isLeadProcessEnabled_idx" ON "TeamMember"("assetId", "enabled", "isTest", "isLeadProcessEnabled");

-- CreateIndex
CREATE INDEX "TeamMember_assetId_sourceDataId_idx" ON "TeamMember"("assetId", "sourceDataId");

-- CreateIndex
CREATE INDEX "TeamMember_assetId_createdAt_id_idx" ON "TeamMember"("assetId", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "TeamMember_assetId_userId_key" ON "TeamMember"("assetId", "userId");

-- CreateIndex
CREATE INDEX "Customer_assetId_fullName_idx" ON "Customer"("assetId", "fullName");

-- CreateIndex
CREATE INDEX "Customer_assetId_phoneNumber_idx" ON "Customer"("assetId", "phoneNumber");

-- CreateIndex
CREATE INDEX "Customer_assetId_email_idx" ON "Customer"("assetId", "email");

-- CreateIndex
CREATE INDEX "Customer_assetId_sourceDataId_idx" ON "Customer"("assetId", "sourceDataId");

-- CreateIndex
CREATE INDEX "Customer_fullName_phoneNumber_email_sourceDataId_customerID_idx" ON "Customer" USING GIN ("fullName" gin_trgm_ops, "phoneNumber" gin_trgm_ops, "email" gin_trgm_ops, "sourceDataId" gin_trgm_ops, "customerID" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Customer_assetId_createdAt_id_idx" ON "Customer"("assetId", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "Customer_assetId_customerID_key" ON "Customer"("assetId", "customerID");

-- CreateIndex
CREATE INDEX "Developer_assetId_name_idx" ON "Developer"("assetId", "name");

-- CreateIndex
CREATE INDEX "Developer_assetId_createdAt_id_idx" ON "Developer"("assetId", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Project_assetId_name_idx" ON "Project"("assetId", "name");

-- CreateIndex
CREATE INDEX "Project_assetId_createdAt_id_idx" ON "Project"("assetId", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "Project_assetId_slug_key" ON "Project"("assetId", "slug");

-- CreateIndex
CREATE INDEX "Listing_assetId_city_location_idx" ON "Listing"("assetId", "city", "location");

-- CreateIndex
CREATE INDEX "Listing_reference_city_location_subLocation_idx" ON "Listing" USING GIN ("reference" gin_trgm_ops, "city" gin_trgm_ops, "location" gin_trgm_ops, "subLocation" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Listing_assetId_createdAt_id_idx" ON "Listing"("assetId", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "Listing_assetId_reference_key" ON "Listing"("assetId", "reference");

-- CreateIndex
CREATE INDEX "Lead_assetId_dataSourceCreatedAt_id_deletedAt_idx" ON "Lead"("assetId", "dataSourceCreatedAt" DESC, "id" DESC, "deletedAt");

-- CreateIndex
CREATE INDEX "Lead_assetId_agentId_dataSourceCreatedAt_idx" ON "Lead"("assetId", "agentId", "dataSourceCreatedAt" DESC);

-- CreateIndex
CREATE INDEX "Lead_assetId_status_dataSourceCreatedAt_idx" ON "Lead"("assetId", "status", "dataSourceCreatedAt" DESC);

-- CreateIndex
CREATE INDEX "Lead_assetId_stage_dataSourceCreatedAt_idx" ON "Lead"("assetId", "stage", "dataSourceCreatedAt" DESC);

-- CreateIndex
CREATE INDEX "Lead_assetId_source_dataSourceCreatedAt_idx" ON "Lead"("assetId", "source", "dataSourceCreatedAt" DESC);

-- CreateIndex
CREATE INDEX "Lead_assetId_contactType_dataSourceCreatedAt_idx" ON "Lead"("assetId", "contactType", "dataSourceCreatedAt" DESC);

-- CreateIndex
CREATE INDEX "Lead_assetId_projectId_idx" ON "Lead"("assetId", "projectId");

-- CreateIndex
CREATE INDEX "Lead_assetId_listingId_idx" ON "Lead"("assetId", "listingId");

-- CreateIndex
CREATE INDEX "Lead_customerId_status_idx" ON "Lead"("customerId", "status");

-- CreateIndex
CREATE INDEX "Lead_parentId_idx" ON "Lead"("parentId");

-- CreateIndex
CREATE INDEX "Lead_isInFreePool_freePoolSlaEndDate_idx" ON "Lead"("isInFreePool", "freePoolSlaEndDate");

-- CreateIndex
CREATE INDEX "Lead_isAccepted_isInFreePool_isAssignedFromLeadPool_initial_idx" ON "Lead"("isAccepted", "isInFreePool", "isAssignedFromLeadPool", "initialSlaEndDate");

-- CreateIndex
CREATE UNIQUE INDEX "Lead_assetId_leadID_key" ON "Lead"("assetId", "leadID");

-- CreateIndex
CREATE INDEX "LeadAssignment_leadId_assignedAt_idx" ON "LeadAssignment"("leadId", "assignedAt");

-- CreateIndex
CREATE INDEX "LeadAssignment_agentId_assignedAt_idx" ON "LeadAssignment"("agentId", "assignedAt");

-- CreateIndex
CREATE INDEX "LeadStageChange_leadId_changedAt_idx" ON "LeadStageChange"("leadId", "changedAt");

-- CreateIndex
CREATE UNIQUE INDEX "LeadReview_leadId_key" ON "LeadReview"("leadId");

-- CreateIndex
CREATE INDEX "LeadReview_assetId_createdAt_idx" ON "LeadReview"("assetId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "StoredFile_assetId_createdAt_id_idx" ON "StoredFile"("assetId", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "IntegrationConfig_assetId_name_key" ON "IntegrationConfig"("assetId", "name");

-- CreateIndex
CREATE INDEX "FaqCategory_assetId_name_idx" ON "FaqCategory"("assetId", "name");

-- CreateIndex
CREATE INDEX "Faq_assetId_order_idx" ON "Faq"("assetId", "order");

-- CreateIndex
CREATE INDEX "JobRun_assetId_kind_createdAt_idx" ON "JobRun"("assetId", "kind", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "_GroupToTeamMember_B_index" ON "_GroupToTeamMember"("B");

-- CreateIndex
CREATE INDEX "_ProjectAgents_B_index" ON "_ProjectAgents"("B");

-- AddForeignKey
ALTER TABLE "Asset" ADD CONSTRAINT "Asset_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Role" ADD CONSTRAINT "Role_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "User" ADD CONSTRAINT "User_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "User" ADD CONSTRAINT "User_roleId_fkey" FOREIGN KEY ("roleId") REFERENCES "Role"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "User" ADD CONSTRAINT "User_activeAssetId_fkey" FOREIGN KEY ("activeAssetId") REFERENCES "Asset"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "User" ADD CONSTRAINT "User_avatarId_fkey" FOREIGN KEY ("avatarId") REFERENCES "StoredFile"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserAsset" ADD CONSTRAINT "UserAsset_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserAsset" ADD CONSTRAINT "UserAsset_assetId_fkey" FOREIGN KEY ("assetId") REFERENCES "Asset"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuthSession" ADD CONSTRAINT "AuthSession_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PasswordResetToken" ADD CONSTRAINT "PasswordResetToken_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AccessLog" ADD CONSTRAINT "AccessLog_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TeamMember" ADD CONSTRAINT "TeamMember_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TeamMember" ADD CONSTRAINT "TeamMember_officeId_fkey" FOREIGN KEY ("officeId") REFERENCES "Office"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TeamMember" ADD CONSTRAINT "TeamMember_departmentId_fkey" FOREIGN KEY ("departmentId") REFERENCES "Department"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TeamMember" ADD CONSTRAINT "TeamMember_reportedToId_fkey" FOREIGN KEY ("reportedToId") REFERENCES "TeamMember"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Customer" ADD CONSTRAINT "Customer_avatarId_fkey" FOREIGN KEY ("avatarId") REFERENCES "StoredFile"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Project" ADD CONSTRAINT "Project_developerId_fkey" FOREIGN KEY ("developerId") REFERENCES "Developer"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Listing" ADD CONSTRAINT "Listing_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "TeamMember"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Lead" ADD CONSTRAINT "Lead_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Lead" ADD CONSTRAINT "Lead_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "TeamMember"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Lead" ADD CONSTRAINT "Lead_referredById_fkey" FOREIGN KEY ("referredById") REFERENCES "TeamMember"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Lead" ADD CONSTRAINT "Lead_listingId_fkey" FOREIGN KEY ("listingId") REFERENCES "Listing"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Lead" ADD CONSTRAINT "Lead_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Lead" ADD CONSTRAINT "Lead_parentId_fkey" FOREIGN KEY ("parentId") REFERENCES "Lead"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LeadAssignment" ADD CONSTRAINT "LeadAssignment_leadId_fkey" FOREIGN KEY ("leadId") REFERENCES "Lead"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LeadAssignment" ADD CONSTRAINT "LeadAssignment_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "TeamMember"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LeadStageChange" ADD CONSTRAINT "LeadStageChange_leadId_fkey" FOREIGN KEY ("leadId") REFERENCES "Lead"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LeadReview" ADD CONSTRAINT "LeadReview_leadId_fkey" FOREIGN KEY ("leadId") REFERENCES "Lead"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LeadReview" ADD CONSTRAINT "LeadReview_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LeadReview" ADD CONSTRAINT "LeadReview_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "TeamMember"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "IntegrationConfig" ADD CONSTRAINT "IntegrationConfig_assetId_fkey" FOREIGN KEY ("assetId") REFERENCES "Asset"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Faq" ADD CONSTRAINT "Faq_categoryId_fkey" FOREIGN KEY ("categoryId") REFERENCES "FaqCategory"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "_GroupToTeamMember" ADD CONSTRAINT "_GroupToTeamMember_A_fkey" FOREIGN KEY ("A") REFERENCES "Group"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "_GroupToTeamMember" ADD CONSTRAINT "_GroupToTeamMember_B_fkey" FOREIGN KEY ("B") REFERENCES "TeamMember"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "_ProjectAgents" ADD CONSTRAINT "_ProjectAgents_A_fkey" FOREIGN KEY ("A") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "_ProjectAgents" ADD CONSTRAINT "_ProjectAgents_B_fkey" FOREIGN KEY ("B") REFERENCES "TeamMember"("id") ON DELETE CASCADE ON UPDATE CASCADE;

