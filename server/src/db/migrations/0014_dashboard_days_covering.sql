-- The dashboard reads a row per day and attendant for the period's whole days. The key now carries
-- the totals too, so that read is an index-only scan: the rows' heap pages are mostly dead versions
-- left by the triggers' updates (about 9 live rows per page on the large bench dataset), and the
-- largest company's 30 days read 217 of them. The triggers' updates are no longer HOT (they change
-- the index's columns), one index entry each, on the one index the table has.
ALTER TABLE "dashboard_days" DROP CONSTRAINT "dashboard_days_key", ADD CONSTRAINT "dashboard_days_key" UNIQUE NULLS NOT DISTINCT ("company_id", "day", "user_id") INCLUDE ("finished", "talked", "talk_us", "rated", "rate_sum", "waited", "wait_us", "leads");
