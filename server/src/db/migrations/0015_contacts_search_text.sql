-- A contact search now reads one column, the name in lower case and the number, with LIKE, through
-- one trigram index. ILIKE lowered each candidate's name again to check it: on the large bench
-- dataset (1,755 matches of "silva" among 35,562 contacts) the search statement took 5.1 ms with
-- ILIKE on name and number and 3.8 ms with LIKE on this column, the means of ten alternated rounds
-- (bench/README, "… (2026-11-26): compacted counters, one search column"). A new contact also
-- writes one trigram index instead of two.
DROP INDEX "contacts_company_name_trgm_idx";--> statement-breakpoint
DROP INDEX "contacts_company_number_trgm_idx";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(name) || E'\n' || number) STORED;--> statement-breakpoint
CREATE INDEX "contacts_company_search_trgm_idx" ON "contacts" USING gin ("company_id","search_text" gin_trgm_ops) WITH (fastupdate=true,gin_pending_list_limit=64);