-- An attendant's open or closed list holds their tickets and nobody's: each queue is walked once per
-- holder, newest first, and their tickets in other queues once per other queue (tickets/list.ts
-- mergedPage). The (company, status, queue, user) index becomes this walk's, and counts still read its
-- prefix; the queue walk's index no longer carries the attendant, so a walk over nobody's tickets
-- takes the holder's index. Inbound keeps the same number of indexes on tickets.
DROP INDEX "tickets_company_status_queue_user_idx";--> statement-breakpoint
DROP INDEX "tickets_company_status_queue_updated_idx";--> statement-breakpoint
CREATE INDEX "tickets_company_status_queue_user_updated_idx" ON "tickets" USING btree ("company_id","status","queue_id","user_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "tickets_company_status_queue_updated_idx" ON "tickets" USING btree ("company_id","status","queue_id","updated_at","id");