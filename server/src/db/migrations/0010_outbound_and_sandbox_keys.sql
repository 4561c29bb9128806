-- An outbound message is also left unsent when a stop comes between its claim (send_status
-- 'sending') and the outcome of the send: the minute sweep takes such claims back once stale, so the
-- sweep's index covers both states.
DROP INDEX "messages_pending_send_idx";--> statement-breakpoint
CREATE INDEX "messages_unsent_idx" ON "messages" USING btree ("created_at") WHERE "messages"."send_status" in ('pending', 'sending');--> statement-breakpoint
-- The sandbox phone keeps one copy of a message on each side: the statement that stores an inbound
-- message adds its copy with ON CONFLICT DO NOTHING (it looked for one first, and a plan made while
-- the table was small kept reading the whole table). Copies made twice before are dropped first.
DELETE FROM "sandbox_messages" a USING "sandbox_messages" b
  WHERE a.whatsapp_id = b.whatsapp_id AND a.external_id = b.external_id AND a.direction = b.direction AND a.id > b.id;--> statement-breakpoint
DROP INDEX "sandbox_messages_external_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_messages_external_key" ON "sandbox_messages" USING btree ("whatsapp_id","external_id","direction");
