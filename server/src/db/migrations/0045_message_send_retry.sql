ALTER TABLE "messages" ADD COLUMN "retry_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "send_attempts" integer DEFAULT 0 NOT NULL;