CREATE TABLE "dashboard_days" (
	"company_id" integer NOT NULL,
	"day" date NOT NULL,
	"user_id" integer,
	"finished" integer DEFAULT 0 NOT NULL,
	"talked" integer DEFAULT 0 NOT NULL,
	"talk_us" bigint DEFAULT 0 NOT NULL,
	"rated" integer DEFAULT 0 NOT NULL,
	"rate_sum" integer DEFAULT 0 NOT NULL,
	"waited" integer DEFAULT 0 NOT NULL,
	"wait_us" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_days_key" UNIQUE NULLS NOT DISTINCT("company_id","day","user_id")
);
--> statement-breakpoint
-- One service cycle's part of the daily totals, with a sign: the UTC day it finished (finished,
-- talked with its conversation time, rated with its rate) and, when it waited, the UTC day it
-- started (waited with its wait). Times in microseconds.
CREATE FUNCTION "dashboard_days_of"(r ticket_trackings, s integer)
RETURNS TABLE (company_id integer, day date, user_id integer, finished integer, talked integer, talk_us bigint, rated integer, rate_sum integer, waited integer, wait_us bigint)
LANGUAGE sql IMMUTABLE AS $$
  SELECT r.company_id, (r.finished_at AT TIME ZONE 'UTC')::date, r.user_id, s, s * (r.started_at IS NOT NULL)::int,
    s * coalesce(round(extract(epoch FROM r.finished_at - r.started_at) * 1000000)::bigint, 0),
    s * (r.rate IS NOT NULL)::int, s * coalesce(r.rate, 0), 0, 0::bigint
  WHERE r.finished_at IS NOT NULL
  UNION ALL
  SELECT r.company_id, (r.started_at AT TIME ZONE 'UTC')::date, r.user_id, 0, 0, 0::bigint, 0, 0, s,
    s * round(extract(epoch FROM r.started_at - r.queued_at) * 1000000)::bigint
  WHERE r.started_at > r.queued_at
$$;--> statement-breakpoint
-- Applies one cycle's change to the daily totals at commit (deferred, like ticket_counts): the
-- old row's part is taken away and the new row's added, its rows taken in key order.
CREATE FUNCTION "dashboard_days_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  company integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.company_id ELSE NEW.company_id END;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM companies WHERE id = company) THEN
    -- the company's deletion took its cycles: its totals go too
    DELETE FROM dashboard_days WHERE company_id = company;
    RETURN NULL;
  END IF;
  INSERT INTO dashboard_days AS d (company_id, day, user_id, finished, talked, talk_us, rated, rate_sum, waited, wait_us)
  SELECT c.company_id, c.day, c.user_id, sum(c.finished), sum(c.talked), sum(c.talk_us), sum(c.rated), sum(c.rate_sum), sum(c.waited), sum(c.wait_us)
  FROM (
    SELECT * FROM dashboard_days_of(OLD, -1) WHERE TG_OP <> 'INSERT'
    UNION ALL
    SELECT * FROM dashboard_days_of(NEW, 1) WHERE TG_OP <> 'DELETE'
  ) c
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT ON CONSTRAINT dashboard_days_key DO UPDATE SET
    finished = d.finished + excluded.finished, talked = d.talked + excluded.talked, talk_us = d.talk_us + excluded.talk_us,
    rated = d.rated + excluded.rated, rate_sum = d.rate_sum + excluded.rate_sum, waited = d.waited + excluded.waited, wait_us = d.wait_us + excluded.wait_us;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ticket_trackings_days_insert" AFTER INSERT ON "ticket_trackings" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW.finished_at IS NOT NULL OR NEW.started_at > NEW.queued_at)
  EXECUTE FUNCTION dashboard_days_apply();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ticket_trackings_days_update" AFTER UPDATE OF company_id, user_id, queued_at, started_at, finished_at, rate ON "ticket_trackings" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN ((OLD.company_id, OLD.user_id, OLD.queued_at, OLD.started_at, OLD.finished_at, OLD.rate) IS DISTINCT FROM (NEW.company_id, NEW.user_id, NEW.queued_at, NEW.started_at, NEW.finished_at, NEW.rate))
  EXECUTE FUNCTION dashboard_days_apply();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ticket_trackings_days_delete" AFTER DELETE ON "ticket_trackings" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD.finished_at IS NOT NULL OR OLD.started_at > OLD.queued_at)
  EXECUTE FUNCTION dashboard_days_apply();--> statement-breakpoint
INSERT INTO dashboard_days (company_id, day, user_id, finished, talked, talk_us, rated, rate_sum, waited, wait_us)
  SELECT d.company_id, d.day, d.user_id, sum(d.finished), sum(d.talked), sum(d.talk_us), sum(d.rated), sum(d.rate_sum), sum(d.waited), sum(d.wait_us)
  FROM ticket_trackings t, dashboard_days_of(t, 1) d
  GROUP BY 1, 2, 3;
