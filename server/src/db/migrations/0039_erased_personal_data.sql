ALTER TABLE "contacts" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "erased_at" timestamp with time zone;