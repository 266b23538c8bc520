-- AlterTable
ALTER TABLE "Lead" ADD COLUMN     "plannedUntil" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "Lead_assetId_agentId_status_deletedAt_plannedUntil_idx" ON "Lead"("assetId", "agentId", "status", "deletedAt", "plannedUntil");


-- A lead's plan: the latest due time of its open tasks and scheduled viewings (a task without a due time is planned
-- for good: 9999-12-31), kept here by triggers so that 'No Next Activity' is one index range per agent.
CREATE FUNCTION lead_planned_until_refresh(lead uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  planned TIMESTAMP(3);
BEGIN
  SELECT max(plans.at) INTO planned FROM (
    SELECT coalesce(a."dueAt", TIMESTAMP '9999-12-31') AS at FROM "Activity" a
    WHERE a."leadId" = lead AND a.type = 'task' AND a."doneAt" IS NULL AND a."deletedAt" IS NULL
    UNION ALL
    SELECT v."startsAt" FROM "Viewing" v WHERE v."leadId" = lead AND v.status = 'scheduled'
  ) plans;
  UPDATE "Lead" SET "plannedUntil" = planned WHERE id = lead AND "plannedUntil" IS DISTINCT FROM planned;
END;
$$;

CREATE FUNCTION lead_planned_until_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' AND NEW."leadId" IS NOT NULL THEN
    PERFORM lead_planned_until_refresh(NEW."leadId");
  END IF;
  IF TG_OP <> 'INSERT' AND OLD."leadId" IS NOT NULL AND (TG_OP = 'DELETE' OR OLD."leadId" IS DISTINCT FROM NEW."leadId") THEN
    PERFORM lead_planned_until_refresh(OLD."leadId");
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER activity_lead_planned_until AFTER INSERT OR UPDATE OF "leadId", type, "dueAt", "doneAt", "deletedAt" OR DELETE ON "Activity"
  FOR EACH ROW EXECUTE FUNCTION lead_planned_until_follow();
CREATE TRIGGER viewing_lead_planned_until AFTER INSERT OR UPDATE OF "leadId", status, "startsAt" OR DELETE ON "Viewing"
  FOR EACH ROW EXECUTE FUNCTION lead_planned_until_follow();

-- Every lead's plan at once (the leads planned before the triggers; a bulk load made with triggers off runs it too).
CREATE FUNCTION lead_planned_until_rebuild() RETURNS void LANGUAGE sql AS $$
  UPDATE "Lead" l SET "plannedUntil" = p.at
  FROM (
    SELECT plans."leadId", max(plans.at) AS at FROM (
      SELECT a."leadId", coalesce(a."dueAt", TIMESTAMP '9999-12-31') AS at FROM "Activity" a
      WHERE a."leadId" IS NOT NULL AND a.type = 'task' AND a."doneAt" IS NULL AND a."deletedAt" IS NULL
      UNION ALL
      SELECT v."leadId", v."startsAt" FROM "Viewing" v WHERE v.status = 'scheduled'
    ) plans
    GROUP BY plans."leadId"
  ) p
  WHERE l.id = p."leadId" AND l."plannedUntil" IS DISTINCT FROM p.at;
$$;

SELECT lead_planned_until_rebuild();
