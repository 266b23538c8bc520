-- AlterTable
ALTER TABLE "StaffNotification" ADD COLUMN     "activityId" UUID;

-- AlterTable
ALTER TABLE "Activity" ADD COLUMN     "occurrence" INTEGER,
ADD COLUMN     "recurrence" TEXT,
ADD COLUMN     "recurrenceUntil" TIMESTAMP(3),
ADD COLUMN     "seriesId" UUID;

-- CreateTable
CREATE TABLE "ActivityReminderFired" (
    "activityId" UUID NOT NULL,
    "reminderAt" TIMESTAMP(3) NOT NULL,
    "userId" UUID NOT NULL,
    "notificationId" UUID NOT NULL,
    "firedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ActivityReminderFired_pkey" PRIMARY KEY ("activityId","reminderAt")
);

-- CreateIndex
CREATE INDEX "Activity_reminderAt_idx" ON "Activity"("reminderAt");

-- CreateIndex
CREATE UNIQUE INDEX "Activity_seriesId_occurrence_key" ON "Activity"("seriesId", "occurrence");

