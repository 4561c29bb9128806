-- Trigram indexes answer ILIKE '%text%' searches; btree_gin lets one GIN index start with company_id.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE INDEX "contacts_company_name_trgm_idx" ON "contacts" USING gin ("company_id","name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_company_number_trgm_idx" ON "contacts" USING gin ("company_id","number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "messages_company_body_trgm_idx" ON "messages" USING gin ("company_id","body" gin_trgm_ops);