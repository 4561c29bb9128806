CREATE TABLE "sla_breaches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sla_breaches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"tracking_id" integer NOT NULL,
	"queue_id" integer,
	"user_id" integer,
	"kind" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sla_breaches_tracking_kind" UNIQUE("tracking_id","kind")
);
--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "sla_first_response_minutes" integer;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "sla_resolution_minutes" integer;--> statement-breakpoint
ALTER TABLE "ticket_trackings" ADD COLUMN "first_response_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ticket_trackings" ADD COLUMN "resolution_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ticket_trackings" ADD COLUMN "sla_stamped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ticket_trackings" ADD COLUMN "sla_queue_id" integer;--> statement-breakpoint
ALTER TABLE "ticket_trackings" ADD COLUMN "sla_first_response_warned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ticket_trackings" ADD COLUMN "sla_resolution_warned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sla_breaches" ADD CONSTRAINT "sla_breaches_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_breaches" ADD CONSTRAINT "sla_breaches_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_breaches" ADD CONSTRAINT "sla_breaches_tracking_id_ticket_trackings_id_fk" FOREIGN KEY ("tracking_id") REFERENCES "public"."ticket_trackings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sla_breaches_company_due_idx" ON "sla_breaches" USING btree ("company_id","due_at");--> statement-breakpoint
CREATE INDEX "ticket_trackings_sla_running_idx" ON "ticket_trackings" USING btree ("company_id","id") WHERE "ticket_trackings"."finished_at" is null;