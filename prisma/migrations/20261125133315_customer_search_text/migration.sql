-- DropIndex
DROP INDEX "Customer_fullName_phoneNumber_email_sourceDataId_customerID_idx";

-- DropIndex
DROP INDEX "Customer_assetId_search_trgm_idx";

-- AlterTable
ALTER TABLE "Customer" ADD COLUMN     "searchText" TEXT;

-- The search fields in one text, kept by the database so every writer (the engine, the seed, a bulk SQL import)
-- leaves it right. U+001F separates the fields: a word boundary for pg_trgm, a character no search types.
CREATE FUNCTION customer_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."searchText" := coalesce(NEW."customerID", '') || E'\x1f' || coalesce(NEW."fullName", '') || E'\x1f' ||
    coalesce(NEW."email", '') || E'\x1f' || coalesce(NEW."phoneNumber", '') || E'\x1f' || coalesce(NEW."sourceDataId", '');
  RETURN NEW;
END
$$;

CREATE TRIGGER "Customer_search_text" BEFORE INSERT OR UPDATE OF "customerID", "fullName", "email", "phoneNumber", "sourceDataId", "searchText"
  ON "Customer" FOR EACH ROW EXECUTE FUNCTION customer_search_text();

-- The rows already stored (the trigger fires on this update), before the indexes are built.
UPDATE "Customer" SET "searchText" = NULL;

-- CreateIndex
CREATE INDEX "Customer_searchText_idx" ON "Customer" USING GIN ("searchText" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Customer_assetId_searchText_idx" ON "Customer" USING GIN ("assetId" uuid_ops, "searchText" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Customer_fullName_sourceDataId_customerID_idx" ON "Customer" USING GIN ("fullName" gin_trgm_ops, "sourceDataId" gin_trgm_ops, "customerID" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Customer_assetId_public_search_trgm_idx" ON "Customer" USING GIN ("assetId" uuid_ops, "fullName" gin_trgm_ops, "sourceDataId" gin_trgm_ops, "customerID" gin_trgm_ops);

