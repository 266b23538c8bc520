-- AlterTable
ALTER TABLE "MemberRating" ADD COLUMN     "sourceId" UUID;

-- CreateIndex
CREATE UNIQUE INDEX "MemberRating_source_sourceId_key" ON "MemberRating"("source", "sourceId");


-- A time-ordered id (UUID v7, as the application's time-ordered-id.ts) for rows the database writes itself.
CREATE FUNCTION time_ordered_uuid() RETURNS uuid LANGUAGE sql VOLATILE AS $$
  SELECT encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid())
    PLACING substring(int8send((extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3) FROM 1 FOR 6),
    52, 1), 53, 1), 'hex')::uuid
$$;

-- A qualification review's rating (1-5) is a rating of the agent it reviews (the review's agent, else the lead's),
-- source 'qualification', kept in step by the database whoever writes the review: a changed rating, agent or
-- feedback follows; a review without a rating (0 or none: 'Unresponsive') or removed takes its rating away. The
-- rating's moderation (hidden) is the team's and stays. Other review kinds will point at theirs the same way.
CREATE FUNCTION lead_review_rating() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  agent UUID;
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM "MemberRating" WHERE source = 'qualification' AND "sourceId" = OLD.id;
    RETURN NULL;
  END IF;
  agent := coalesce(NEW."agentId", (SELECT l."agentId" FROM "Lead" l WHERE l.id = NEW."leadId"));
  IF agent IS NULL OR NEW.rating IS NULL OR NEW.rating NOT BETWEEN 1 AND 5 THEN
    DELETE FROM "MemberRating" WHERE source = 'qualification' AND "sourceId" = NEW.id;
    RETURN NULL;
  END IF;
  INSERT INTO "MemberRating" AS r (id, "companyId", "assetId", "memberId", source, "sourceId", rating, comment,
    "customerId", "leadId", "ratedAt", "createdAt", "updatedAt", "creatorId", "updatedById")
  VALUES (time_ordered_uuid(), NEW."companyId", NEW."assetId", agent, 'qualification', NEW.id, NEW.rating, NEW.feedback,
    NEW."customerId", NEW."leadId", NEW."createdAt", now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC',
    NEW."creatorId", NEW."updatedById")
  ON CONFLICT (source, "sourceId") DO UPDATE SET
    "memberId" = EXCLUDED."memberId",
    rating = EXCLUDED.rating,
    comment = EXCLUDED.comment,
    "customerId" = EXCLUDED."customerId",
    "leadId" = EXCLUDED."leadId",
    "updatedAt" = EXCLUDED."updatedAt",
    "updatedById" = EXCLUDED."updatedById";
  RETURN NULL;
END
$$;

CREATE TRIGGER "LeadReview_rating" AFTER INSERT OR UPDATE OR DELETE ON "LeadReview"
  FOR EACH ROW EXECUTE FUNCTION lead_review_rating();

-- Reviews written before: a qualification rating already stored for the review's lead becomes its rating, then every
-- review writes (or corrects) its own.
UPDATE "MemberRating" r SET "sourceId" = pick.review
FROM (
  SELECT DISTINCT ON (v.id) v.id AS review, m.id AS rating
  FROM "LeadReview" v
  JOIN "MemberRating" m ON m.source = 'qualification' AND m."sourceId" IS NULL AND m."leadId" = v."leadId"
  ORDER BY v.id, m."createdAt", m.id
) pick
WHERE r.id = pick.rating;
UPDATE "LeadReview" SET rating = rating;
