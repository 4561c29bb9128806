ALTER TABLE "prompt_replies" ADD COLUMN "prompt_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "prompt_replies" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "prompt_replies" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "prompt_replies_due_idx" ON "prompt_replies" USING btree ("created_at") WHERE "prompt_replies"."answered_at" is null;