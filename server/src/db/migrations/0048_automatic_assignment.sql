CREATE TABLE "assignment_turns" (
	"company_id" integer NOT NULL,
	"queue_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"last_assigned_at" timestamp with time zone NOT NULL,
	CONSTRAINT "assignment_turns_queue_id_user_id_pk" PRIMARY KEY("queue_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "capacity" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "paused" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "assignment_mode" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "assignment_turns" ADD CONSTRAINT "assignment_turns_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_turns" ADD CONSTRAINT "assignment_turns_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_turns" ADD CONSTRAINT "assignment_turns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;