ALTER TABLE "schedules" ADD COLUMN "template" jsonb;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "failure" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "template" jsonb;