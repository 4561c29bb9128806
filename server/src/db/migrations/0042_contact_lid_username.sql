ALTER TABLE "contacts" ADD COLUMN "lid" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "username" text;--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_company_lid" ON "contacts" USING btree ("company_id","lid") WHERE lid is not null;