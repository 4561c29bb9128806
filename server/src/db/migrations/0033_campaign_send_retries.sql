ALTER TABLE "campaign_shippings" ADD COLUMN "message_ids" integer[];--> statement-breakpoint
ALTER TABLE "campaign_shippings" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_shippings" ADD COLUMN "retry_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "consecutive_failures" integer DEFAULT 0 NOT NULL;