-- Trigram indexes without a pending list (fastupdate): every search scanned the whole list of
-- recent inserts, 35 ms instead of 2.5 after 3,000 new messages; an insert costs ~0.15 ms more.
ALTER INDEX "contacts_company_name_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "contacts_company_number_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "messages_company_body_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('contacts_company_name_trgm_idx'::regclass), gin_clean_pending_list('contacts_company_number_trgm_idx'::regclass), gin_clean_pending_list('messages_company_body_trgm_idx'::regclass);--> statement-breakpoint
-- Tickets per company, status, queue and attendant, for the lists' counts and the dashboard.
CREATE TABLE "ticket_counts" (
	"company_id" integer NOT NULL,
	"status" text NOT NULL,
	"queue_id" integer,
	"user_id" integer,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ticket_counts_key" UNIQUE NULLS NOT DISTINCT("company_id","status","queue_id","user_id")
);--> statement-breakpoint
-- Applies one ticket's change to its counters. It runs at commit (deferred), so a transaction
-- holds a counter row's lock only while it commits, and takes an update's two rows in key order.
CREATE FUNCTION "ticket_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  company integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.company_id ELSE NEW.company_id END;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM companies WHERE id = company) THEN
    -- the company's deletion took its tickets: its counters go too
    DELETE FROM ticket_counts WHERE company_id = company;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO ticket_counts AS c (company_id, status, queue_id, user_id, n) VALUES (NEW.company_id, NEW.status, NEW.queue_id, NEW.user_id, 1)
    ON CONFLICT ON CONSTRAINT ticket_counts_key DO UPDATE SET n = c.n + 1;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE ticket_counts SET n = n - 1
    WHERE company_id = OLD.company_id AND status = OLD.status AND queue_id IS NOT DISTINCT FROM OLD.queue_id AND user_id IS NOT DISTINCT FROM OLD.user_id;
  ELSE
    INSERT INTO ticket_counts AS c (company_id, status, queue_id, user_id, n)
    SELECT * FROM (VALUES (OLD.company_id, OLD.status, OLD.queue_id, OLD.user_id, -1), (NEW.company_id, NEW.status, NEW.queue_id, NEW.user_id, 1)) v
    ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT ticket_counts_key DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "tickets_count_insert" AFTER INSERT ON "tickets" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ticket_counts_apply();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "tickets_count_update" AFTER UPDATE OF company_id, status, queue_id, user_id ON "tickets" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN ((OLD.company_id, OLD.status, OLD.queue_id, OLD.user_id) IS DISTINCT FROM (NEW.company_id, NEW.status, NEW.queue_id, NEW.user_id))
  EXECUTE FUNCTION ticket_counts_apply();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "tickets_count_delete" AFTER DELETE ON "tickets" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ticket_counts_apply();--> statement-breakpoint
INSERT INTO ticket_counts (company_id, status, queue_id, user_id, n)
  SELECT company_id, status, queue_id, user_id, count(*)::int FROM tickets GROUP BY 1, 2, 3, 4;
