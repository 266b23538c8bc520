-- CreateTable
CREATE TABLE "StaffNotification" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "assetId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "leadId" UUID,
    "dedupeKey" TEXT,
    "readAt" TIMESTAMP(3),
    "emailStatus" TEXT NOT NULL DEFAULT 'pending',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StaffNotification_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "NotificationPreference" (
    "userId" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "email" BOOLEAN NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "NotificationPreference_pkey" PRIMARY KEY ("userId","kind")
);

-- CreateTable
CREATE TABLE "NotificationLog" (
    "id" UUID NOT NULL,
    "companyId" UUID,
    "assetId" UUID,
    "userId" UUID,
    "channel" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "recipient" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "NotificationLog_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "StaffNotification_userId_createdAt_idx" ON "StaffNotification"("userId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "StaffNotification_userId_readAt_idx" ON "StaffNotification"("userId", "readAt");

-- CreateIndex
CREATE INDEX "StaffNotification_emailStatus_createdAt_idx" ON "StaffNotification"("emailStatus", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "StaffNotification_userId_dedupeKey_key" ON "StaffNotification"("userId", "dedupeKey");

-- CreateIndex
CREATE INDEX "NotificationLog_companyId_createdAt_idx" ON "NotificationLog"("companyId", "createdAt" DESC);

-- AddForeignKey
ALTER TABLE "StaffNotification" ADD CONSTRAINT "StaffNotification_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NotificationPreference" ADD CONSTRAINT "NotificationPreference_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- The live bell (modules/notifications/notification-stream.ts): every statement that adds notifications signals the
-- people concerned on the 'staff_notifications' channel. NOTIFY is delivered on commit, so a listener never hears
-- of a row it cannot read yet, and a rolled-back write signals nobody; each API process listens once.
CREATE FUNCTION staff_notification_signal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('staff_notifications', u."userId"::text) FROM (SELECT DISTINCT "userId" FROM added) u;
  RETURN NULL;
END $$;

CREATE TRIGGER "StaffNotification_signal" AFTER INSERT ON "StaffNotification"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION staff_notification_signal();
