-- The contact search indexes take new contacts through a pending list again, bounded at its
-- smallest (64 kB, a few hundred new contacts) and merged in bulk when full: written one by one,
-- each new contact's trigrams were about 31 index inserts and 26 kB of WAL, 59% of all the WAL
-- that inbound ingest wrote (bench/README, "… (2026-11-25): two batch slots per kind"). A search
-- scans the list whole, which at
-- this size costs little (the 35 ms of 0006 came from the default 4 MB list).
ALTER INDEX "contacts_company_name_trgm_idx" SET (fastupdate = on, gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "contacts_company_number_trgm_idx" SET (fastupdate = on, gin_pending_list_limit = 64);
