-- AlterTable
ALTER TABLE "Project" ADD COLUMN     "brochureId" UUID,
ADD COLUMN     "brochureUrl" TEXT,
ADD COLUMN     "community" TEXT,
ADD COLUMN     "description" TEXT,
ADD COLUMN     "descriptionAr" TEXT,
ADD COLUMN     "dld" JSONB,
ADD COLUMN     "faqHeading" TEXT,
ADD COLUMN     "faqHeadingAr" TEXT,
ADD COLUMN     "faqs" JSONB DEFAULT '[]',
ADD COLUMN     "gallery" JSONB DEFAULT '[]',
ADD COLUMN     "handoverDate" TIMESTAMP(3),
ADD COLUMN     "keyPoints" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "paymentPlans" JSONB DEFAULT '[]',
ADD COLUMN     "status" TEXT NOT NULL DEFAULT 'Upcoming',
ADD COLUMN     "types" JSONB DEFAULT '[]';

-- AddForeignKey
ALTER TABLE "Project" ADD CONSTRAINT "Project_brochureId_fkey" FOREIGN KEY ("brochureId") REFERENCES "StoredFile"("id") ON DELETE SET NULL ON UPDATE CASCADE;

