CREATE TABLE "integration_calls" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "integration_calls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"message_id" integer NOT NULL,
	"integration_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integration_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "integration_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"integration_id" integer NOT NULL,
	"session_id" text,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "queue_integrations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "queue_integrations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"project_name" text DEFAULT '' NOT NULL,
	"json_content" text DEFAULT '' NOT NULL,
	"client_email" text,
	"language" text DEFAULT '' NOT NULL,
	"url_n8n" text DEFAULT '' NOT NULL,
	"secret" text DEFAULT '' NOT NULL,
	"secret_last4" text,
	"typebot_slug" text DEFAULT '' NOT NULL,
	"typebot_expires" integer DEFAULT 1 NOT NULL,
	"typebot_delay_message" integer DEFAULT 1000 NOT NULL,
	"typebot_keyword_finish" text DEFAULT '' NOT NULL,
	"typebot_keyword_restart" text DEFAULT '' NOT NULL,
	"typebot_restart_message" text DEFAULT '' NOT NULL,
	"typebot_unknown_message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "integration_calls" ADD CONSTRAINT "integration_calls_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_sessions" ADD CONSTRAINT "integration_sessions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_integrations" ADD CONSTRAINT "queue_integrations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "integration_calls_message_idx" ON "integration_calls" USING btree ("company_id","message_id");--> statement-breakpoint
CREATE INDEX "integration_calls_due_idx" ON "integration_calls" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "integration_sessions_ticket_idx" ON "integration_sessions" USING btree ("company_id","ticket_id");--> statement-breakpoint
CREATE INDEX "queue_integrations_company_idx" ON "queue_integrations" USING btree ("company_id");