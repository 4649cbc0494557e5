CREATE TABLE "checklist_approvals" (
	"instance_id" integer PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"submitted_by" integer,
	"comment" text DEFAULT '' NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "checklist_workflows" (
	"checklist_id" integer PRIMARY KEY NOT NULL,
	"notifications" jsonb NOT NULL,
	"workflow" jsonb NOT NULL,
	"print" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "checklist_approvals" ADD CONSTRAINT "checklist_approvals_instance_id_checklist_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."checklist_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_approvals" ADD CONSTRAINT "checklist_approvals_submitted_by_employees_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_approvals" ADD CONSTRAINT "checklist_approvals_decided_by_employees_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_workflows" ADD CONSTRAINT "checklist_workflows_checklist_id_checklists_id_fk" FOREIGN KEY ("checklist_id") REFERENCES "public"."checklists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_workflows" ADD CONSTRAINT "checklist_workflows_updated_by_employees_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;