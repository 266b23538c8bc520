-- AlterTable
ALTER TABLE "Customer" ADD COLUMN     "searchWords" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- Every beginning (1 to 24 characters) of every word of a text, lower-cased, each behind its scope ('<scope>:<beginning>').
-- Words are split at white space, ASCII punctuation and U+001F, the same rule as the keyword's words
-- (apps/server/src/resources/search-plan.ts), so a word of any script stays whole. A keyword's words then match by exact
-- keys of one GIN index, much cheaper than the trigrams of a name that thousands of customers share; the scope (the
-- asset) in the key makes a small asset's search read only its own matches even beside a big one.
CREATE FUNCTION search_word_keys(scope TEXT, body TEXT) RETURNS TEXT[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT scope || ':' || left(w, n)), ARRAY[]::TEXT[])
  FROM regexp_split_to_table(lower(coalesce(body, '')), E'[\\s!-/:-@\\[-`{-~\\x1f]+') AS w,
       generate_series(1, least(length(w), 24)) AS n
  WHERE w <> ''
$$;

-- Every run of seven digits inside a text's digit runs, behind its scope ('<scope>:#<seven digits>'). A keyword with
-- seven digits or more (a phone number, an id) finds its candidates by the key of its last seven: any field containing
-- its digits contains those seven, so the exact check on the candidates loses nothing, and the key is all but unique
-- where a phone's trigrams ('333', '050') are shared by most of a book.
CREATE FUNCTION search_digit_keys(scope TEXT, body TEXT) RETURNS TEXT[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT scope || ':#' || substr(d, i, 7)), ARRAY[]::TEXT[])
  FROM regexp_split_to_table(coalesce(body, ''), '[^0-9]+') AS d, generate_series(1, length(d) - 6) AS i
  WHERE length(d) >= 7
$$;

-- The trigger keeps both search columns from the same fields (the phone number only by its digits: its words are
-- searched through trigrams and the digit keys).
CREATE OR REPLACE FUNCTION customer_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."searchText" := coalesce(NEW."customerID", '') || E'\x1f' || coalesce(NEW."fullName", '') || E'\x1f' ||
    coalesce(NEW."email", '') || E'\x1f' || coalesce(NEW."phoneNumber", '') || E'\x1f' || coalesce(NEW."sourceDataId", '');
  NEW."searchWords" := search_word_keys(NEW."assetId"::TEXT, coalesce(NEW."customerID", '') || E'\x1f' ||
    coalesce(NEW."fullName", '') || E'\x1f' || coalesce(NEW."email", '') || E'\x1f' || coalesce(NEW."sourceDataId", ''))
    || search_digit_keys(NEW."assetId"::TEXT, NEW."searchText");
  RETURN NEW;
END
$$;

DROP TRIGGER "Customer_search_text" ON "Customer";
CREATE TRIGGER "Customer_search_text"
  BEFORE INSERT OR UPDATE OF "assetId", "customerID", "fullName", "email", "phoneNumber", "sourceDataId", "searchText", "searchWords"
  ON "Customer" FOR EACH ROW EXECUTE FUNCTION customer_search_text();

-- The rows already stored (the trigger fires on this update), before the index is built.
UPDATE "Customer" SET "searchWords" = NULL;

-- CreateIndex
CREATE INDEX "Customer_searchWords_idx" ON "Customer" USING GIN ("searchWords" array_ops);
