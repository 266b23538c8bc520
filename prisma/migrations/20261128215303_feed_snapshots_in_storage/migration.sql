-- Snapshots are a cache of what the database holds: the ones kept in the row are dropped and rebuilt on the next
-- pull or listing write, now into the storage backend.
DELETE FROM "FeedSnapshot";

-- AlterTable
ALTER TABLE "FeedSnapshot" DROP COLUMN "gzip",
ADD COLUMN     "gzipBytes" INTEGER NOT NULL,
ADD COLUMN     "storageKey" TEXT NOT NULL;

