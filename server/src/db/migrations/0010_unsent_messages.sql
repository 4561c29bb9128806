-- An outbound message is also left unsent when a stop comes between its claim (send_status
-- 'sending') and the outcome of the send: the minute sweep takes such claims back once stale, so the
-- sweep's index covers both states.
DROP INDEX "messages_pending_send_idx";--> statement-breakpoint
CREATE INDEX "messages_unsent_idx" ON "messages" USING btree ("created_at") WHERE "messages"."send_status" in ('pending', 'sending');