-- Dashboard figures read from indexes alone (index-only scans): the trailing columns cover what it reads.
DROP INDEX "contacts_company_created_idx";--> statement-breakpoint
DROP INDEX "ticket_trackings_company_finished_idx";--> statement-breakpoint
DROP INDEX "ticket_trackings_company_started_idx";--> statement-breakpoint
CREATE INDEX "contacts_company_created_idx" ON "contacts" USING btree ("company_id","created_at","is_group");--> statement-breakpoint
CREATE INDEX "ticket_trackings_company_finished_idx" ON "ticket_trackings" USING btree ("company_id","finished_at","user_id","started_at","rate");--> statement-breakpoint
CREATE INDEX "ticket_trackings_company_started_idx" ON "ticket_trackings" USING btree ("company_id","started_at","queued_at");