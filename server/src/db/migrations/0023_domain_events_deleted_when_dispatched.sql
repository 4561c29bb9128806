ALTER TABLE "domain_events" RENAME COLUMN "dispatched_at" TO "given_up_at";--> statement-breakpoint
-- events every listener handled are no longer kept; those given up keep their error
DELETE FROM "domain_events" WHERE "given_up_at" IS NOT NULL AND "last_error" IS NULL;--> statement-breakpoint
DROP INDEX "domain_events_dispatched_at_idx";--> statement-breakpoint
DROP INDEX "domain_events_undispatched_idx";--> statement-breakpoint
CREATE INDEX "domain_events_undispatched_idx" ON "domain_events" USING btree ("id") WHERE "domain_events"."given_up_at" is null;