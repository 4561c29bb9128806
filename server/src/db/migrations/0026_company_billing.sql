ALTER TABLE "companies" ADD COLUMN "billing_name" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "billing_document" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "billing_address" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "billing_address2" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "billing_city" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "billing_state" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "billing_zipcode" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "billing_country" text;