-- AlterTable
ALTER TABLE "LeadAssignment" ADD COLUMN     "escalatedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "AgentDayFigures" (
    "assetId" UUID NOT NULL,
    "day" DATE NOT NULL,
    "agentId" UUID NOT NULL,
    "assigned" INTEGER NOT NULL DEFAULT 0,
    "accepted" INTEGER NOT NULL DEFAULT 0,
    "claimed" INTEGER NOT NULL DEFAULT 0,
    "escalated" INTEGER NOT NULL DEFAULT 0,
    "escalatedToThem" INTEGER NOT NULL DEFAULT 0,
    "responseSum" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "responseCount" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "AgentDayFigures_pkey" PRIMARY KEY ("assetId","day","agentId")
);

-- CreateTable
CREATE TABLE "AgentMonthFigures" (
    "assetId" UUID NOT NULL,
    "month" DATE NOT NULL,
    "agentId" UUID NOT NULL,
    "assigned" INTEGER NOT NULL DEFAULT 0,
    "accepted" INTEGER NOT NULL DEFAULT 0,
    "claimed" INTEGER NOT NULL DEFAULT 0,
    "escalated" INTEGER NOT NULL DEFAULT 0,
    "escalatedToThem" INTEGER NOT NULL DEFAULT 0,
    "responseSum" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "responseCount" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "AgentMonthFigures_pkey" PRIMARY KEY ("assetId","month","agentId")
);

-- CreateIndex
CREATE INDEX "LeadAssignment_assignedAt_idx" ON "LeadAssignment"("assignedAt");

-- The Brokers report's figures, kept by the database so every writer (the lead engine, the seed, a bulk SQL
-- import) leaves them right. An assignment is 'escalated' when the lead later lapsed past the pool to a manager.
CREATE FUNCTION lead_assignment_escalate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "LeadAssignment" SET "escalatedAt" = NEW."assignedAt"
  WHERE "leadId" = NEW."leadId" AND "assignedAt" < NEW."assignedAt" AND "escalatedAt" IS NULL;
  RETURN NULL;
END
$$;

CREATE TRIGGER "LeadAssignment_escalate" AFTER INSERT ON "LeadAssignment"
  FOR EACH ROW WHEN (NEW.reason = 'pool_expired') EXECUTE FUNCTION lead_assignment_escalate();

-- One assignment's share of its member's day and month (sign -1 takes it back), for the lead's asset.
CREATE FUNCTION agent_day_figures_apply(asset UUID, a "LeadAssignment", sign INTEGER) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "AgentDayFigures" AS f ("assetId", "day", "agentId", "assigned", "accepted", "claimed", "escalated",
    "escalatedToThem", "responseSum", "responseCount")
  VALUES (asset, a."assignedAt"::date, a."agentId", sign,
    sign * (a."acceptedAt" IS NOT NULL)::int,
    sign * (a.reason = 'pool_claim')::int,
    sign * (a."escalatedAt" IS NOT NULL AND a."acceptedAt" IS NULL)::int,
    sign * (a.reason = 'pool_expired')::int,
    sign * coalesce(a."responseMinutes", 0),
    sign * (a."responseMinutes" IS NOT NULL)::int)
  ON CONFLICT ("assetId", "day", "agentId") DO UPDATE SET
    "assigned" = f."assigned" + EXCLUDED."assigned",
    "accepted" = f."accepted" + EXCLUDED."accepted",
    "claimed" = f."claimed" + EXCLUDED."claimed",
    "escalated" = f."escalated" + EXCLUDED."escalated",
    "escalatedToThem" = f."escalatedToThem" + EXCLUDED."escalatedToThem",
    "responseSum" = f."responseSum" + EXCLUDED."responseSum",
    "responseCount" = f."responseCount" + EXCLUDED."responseCount";
  INSERT INTO "AgentMonthFigures" AS m ("assetId", "month", "agentId", "assigned", "accepted", "claimed", "escalated",
    "escalatedToThem", "responseSum", "responseCount")
  VALUES (asset, date_trunc('month', a."assignedAt")::date, a."agentId", sign,
    sign * (a."acceptedAt" IS NOT NULL)::int,
    sign * (a.reason = 'pool_claim')::int,
    sign * (a."escalatedAt" IS NOT NULL AND a."acceptedAt" IS NULL)::int,
    sign * (a.reason = 'pool_expired')::int,
    sign * coalesce(a."responseMinutes", 0),
    sign * (a."responseMinutes" IS NOT NULL)::int)
  ON CONFLICT ("assetId", "month", "agentId") DO UPDATE SET
    "assigned" = m."assigned" + EXCLUDED."assigned",
    "accepted" = m."accepted" + EXCLUDED."accepted",
    "claimed" = m."claimed" + EXCLUDED."claimed",
    "escalated" = m."escalated" + EXCLUDED."escalated",
    "escalatedToThem" = m."escalatedToThem" + EXCLUDED."escalatedToThem",
    "responseSum" = m."responseSum" + EXCLUDED."responseSum",
    "responseCount" = m."responseCount" + EXCLUDED."responseCount";
END
$$;

-- An assignment written, changed or removed: its lead's asset, unless the lead is deleted (or gone with it).
CREATE FUNCTION lead_assignment_day_figures() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  asset UUID;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT "assetId" INTO asset FROM "Lead" WHERE id = OLD."leadId" AND "deletedAt" IS NULL;
    IF asset IS NOT NULL THEN PERFORM agent_day_figures_apply(asset, OLD, -1); END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT "assetId" INTO asset FROM "Lead" WHERE id = NEW."leadId" AND "deletedAt" IS NULL;
    IF asset IS NOT NULL THEN PERFORM agent_day_figures_apply(asset, NEW, 1); END IF;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "LeadAssignment_day_figures" AFTER INSERT OR DELETE OR UPDATE OF "leadId", "agentId", "reason", "assignedAt",
  "acceptedAt", "responseMinutes", "escalatedAt" ON "LeadAssignment" FOR EACH ROW EXECUTE FUNCTION lead_assignment_day_figures();

-- A lead deleted (soft or hard), restored or moved: its assignments leave or join the figures.
CREATE FUNCTION lead_day_figures() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  a "LeadAssignment";
BEGIN
  IF OLD."deletedAt" IS NULL THEN
    FOR a IN SELECT * FROM "LeadAssignment" WHERE "leadId" = OLD.id LOOP
      PERFORM agent_day_figures_apply(OLD."assetId", a, -1);
    END LOOP;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW."deletedAt" IS NULL THEN
    FOR a IN SELECT * FROM "LeadAssignment" WHERE "leadId" = NEW.id LOOP
      PERFORM agent_day_figures_apply(NEW."assetId", a, 1);
    END LOOP;
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "Lead_day_figures_update" AFTER UPDATE OF "deletedAt", "assetId" ON "Lead" FOR EACH ROW
  WHEN ((OLD."deletedAt" IS NULL) <> (NEW."deletedAt" IS NULL) OR (NEW."deletedAt" IS NULL AND OLD."assetId" <> NEW."assetId"))
  EXECUTE FUNCTION lead_day_figures();
CREATE TRIGGER "Lead_day_figures_delete" BEFORE DELETE ON "Lead" FOR EACH ROW EXECUTE FUNCTION lead_day_figures();

-- Every figure again from the assignments (after a bulk load with triggers off, and now for the rows already stored).
CREATE FUNCTION agent_day_figures_rebuild() RETURNS void LANGUAGE sql AS $$
  UPDATE "LeadAssignment" a SET "escalatedAt" = (
    SELECT min(later."assignedAt") FROM "LeadAssignment" later
    WHERE later."leadId" = a."leadId" AND later."assignedAt" > a."assignedAt" AND later.reason = 'pool_expired')
  WHERE a."escalatedAt" IS DISTINCT FROM (
    SELECT min(later."assignedAt") FROM "LeadAssignment" later
    WHERE later."leadId" = a."leadId" AND later."assignedAt" > a."assignedAt" AND later.reason = 'pool_expired');
  DELETE FROM "AgentDayFigures";
  INSERT INTO "AgentDayFigures" ("assetId", "day", "agentId", "assigned", "accepted", "claimed", "escalated",
    "escalatedToThem", "responseSum", "responseCount")
  SELECT l."assetId", a."assignedAt"::date, a."agentId", count(*), count(a."acceptedAt"),
    count(*) FILTER (WHERE a.reason = 'pool_claim'),
    count(*) FILTER (WHERE a."escalatedAt" IS NOT NULL AND a."acceptedAt" IS NULL),
    count(*) FILTER (WHERE a.reason = 'pool_expired'),
    coalesce(sum(a."responseMinutes"), 0), count(a."responseMinutes")
  FROM "LeadAssignment" a JOIN "Lead" l ON l.id = a."leadId" AND l."deletedAt" IS NULL
  GROUP BY 1, 2, 3;
  DELETE FROM "AgentMonthFigures";
  INSERT INTO "AgentMonthFigures" ("assetId", "month", "agentId", "assigned", "accepted", "claimed", "escalated",
    "escalatedToThem", "responseSum", "responseCount")
  SELECT "assetId", date_trunc('month', "day")::date, "agentId", sum("assigned"), sum("accepted"), sum("claimed"),
    sum("escalated"), sum("escalatedToThem"), sum("responseSum"), sum("responseCount")
  FROM "AgentDayFigures"
  GROUP BY 1, 2, 3;
$$;

SELECT agent_day_figures_rebuild();
