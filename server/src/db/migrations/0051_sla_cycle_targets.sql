ALTER TABLE "ticket_trackings" ADD COLUMN "sla_first_response_minutes" integer;--> statement-breakpoint
ALTER TABLE "ticket_trackings" ADD COLUMN "sla_resolution_minutes" integer;