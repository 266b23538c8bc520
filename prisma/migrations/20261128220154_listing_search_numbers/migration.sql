-- AlterTable
ALTER TABLE "Listing" ADD COLUMN     "searchNumbers" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- Every run of four digits inside a text's digit runs ('0500'). A keyword holding a number of four digits or more (a
-- listing's reference, L-0500000; a permit) finds its candidates by the keys of all its runs of four: any field
-- containing the keyword contains its number, so each of them, and the exact check on the candidates loses nothing.
-- Four, not the seven of customers' phones: references are shorter (DXB-S-1001). No asset in the key, unlike
-- customers' words: it would make the column four times wider (a listing row +70%), enough to turn the plain search's
-- count of a location into a scan of the table; the asset is checked on the few candidates instead.
CREATE FUNCTION search_number_keys(body TEXT) RETURNS TEXT[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT substr(d, i, 4)), ARRAY[]::TEXT[])
  FROM regexp_split_to_table(coalesce(body, ''), '[^0-9]+') AS d, generate_series(1, length(d) - 3) AS i
  WHERE length(d) >= 4
$$;

-- The keys of the listing's search fields (apps/server/src/resources/search-plan.ts `numberKeys` splits a keyword the
-- same way), kept on every write whoever writes: the engine, an import, a portal's pull, the seed.
CREATE FUNCTION listing_search_numbers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."searchNumbers" := search_number_keys(concat_ws(E'\x1f', NEW."reference", NEW."title", NEW."city", NEW."location",
    NEW."subLocation", NEW."permitNumber"));
  RETURN NEW;
END
$$;

CREATE TRIGGER "Listing_search_numbers"
  BEFORE INSERT OR UPDATE OF "reference", "title", "city", "location", "subLocation", "permitNumber", "searchNumbers"
  ON "Listing" FOR EACH ROW EXECUTE FUNCTION listing_search_numbers();

-- The rows already stored (the trigger fires on this update), before the index is built.
UPDATE "Listing" SET "searchNumbers" = NULL;

-- CreateIndex
CREATE INDEX "Listing_searchNumbers_idx" ON "Listing" USING GIN ("searchNumbers" array_ops);
