-- The new contacts of each UTC day join the daily totals (dashboard_days.leads, on the row without
-- an attendant), kept by deferred triggers on contacts like the cycles' parts in 0008, so the
-- dashboard counts a period's leads from a row per day instead of reading its contacts.
ALTER TABLE "dashboard_days" ADD COLUMN "leads" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A contact's part of the daily totals, with a sign: one lead on the UTC day it was created, unless it is a group.
CREATE FUNCTION "dashboard_days_of_contact"(r contacts, s integer) RETURNS TABLE (company_id integer, day date, leads integer)
LANGUAGE sql IMMUTABLE AS $$
  SELECT r.company_id, (r.created_at AT TIME ZONE 'UTC')::date, s WHERE NOT r.is_group
$$;--> statement-breakpoint
CREATE FUNCTION "dashboard_days_apply_contact"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  company integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.company_id ELSE NEW.company_id END;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM companies WHERE id = company) THEN
    DELETE FROM dashboard_days WHERE company_id = company;
    RETURN NULL;
  END IF;
  INSERT INTO dashboard_days AS d (company_id, day, user_id, leads)
  SELECT c.company_id, c.day, NULL, sum(c.leads)
  FROM (
    SELECT * FROM dashboard_days_of_contact(OLD, -1) WHERE TG_OP <> 'INSERT'
    UNION ALL
    SELECT * FROM dashboard_days_of_contact(NEW, 1) WHERE TG_OP <> 'DELETE'
  ) c
  GROUP BY 1, 2
  ORDER BY 1, 2
  ON CONFLICT ON CONSTRAINT dashboard_days_key DO UPDATE SET leads = d.leads + excluded.leads;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "contacts_days_insert" AFTER INSERT ON "contacts" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NOT NEW.is_group)
  EXECUTE FUNCTION dashboard_days_apply_contact();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "contacts_days_update" AFTER UPDATE OF company_id, created_at, is_group ON "contacts" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN ((OLD.company_id, OLD.created_at, OLD.is_group) IS DISTINCT FROM (NEW.company_id, NEW.created_at, NEW.is_group))
  EXECUTE FUNCTION dashboard_days_apply_contact();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "contacts_days_delete" AFTER DELETE ON "contacts" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NOT OLD.is_group)
  EXECUTE FUNCTION dashboard_days_apply_contact();--> statement-breakpoint
INSERT INTO dashboard_days AS d (company_id, day, user_id, leads)
  SELECT k.company_id, k.day, NULL, sum(k.leads) FROM contacts c, dashboard_days_of_contact(c, 1) k GROUP BY 1, 2
  ON CONFLICT ON CONSTRAINT dashboard_days_key DO UPDATE SET leads = d.leads + excluded.leads;
