DROP INDEX "files_options_file_idx";--> statement-breakpoint
ALTER TABLE "files_options" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "files_options_file_idx" ON "files_options" USING btree ("file_id","position","id");