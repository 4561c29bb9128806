-- GET /tickets walks each queue of a status newest first (tickets/list.ts mergedPage). The index of
-- (company, status, queue, user) stays: a common word's capped count over some queues reads it, narrower, faster.
CREATE INDEX "tickets_company_status_queue_updated_idx" ON "tickets" USING btree ("company_id","status","queue_id","updated_at","id","user_id");