-- GET /tickets walks each queue of a status newest first (tickets/list.ts mergedPage): the list index
-- gains the order after the queue, and keeps the attendant last for counts and searches by attendant.
DROP INDEX "tickets_company_status_queue_user_idx";--> statement-breakpoint
CREATE INDEX "tickets_company_status_queue_updated_idx" ON "tickets" USING btree ("company_id","status","queue_id","updated_at","id","user_id");