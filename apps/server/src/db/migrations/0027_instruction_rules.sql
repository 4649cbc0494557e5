CREATE TABLE "department_heads" (
	"department_id" integer PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "instruction_profiles" ADD COLUMN "include_sub_units" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "instruction_reminders" ADD COLUMN "escalation_level" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "department_heads" ADD CONSTRAINT "department_heads_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_heads" ADD CONSTRAINT "department_heads_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "department_heads_employee" ON "department_heads" USING btree ("employee_id");--> statement-breakpoint
UPDATE "instruction_reminders" SET "escalation_level" = 1 WHERE "escalated_on" IS NOT NULL;--> statement-breakpoint
-- Earlier races could leave two unfinished items of one topic for one employee: keep the most advanced one
-- (a started, waiting or scheduled item before an open one), then the oldest; the others go (decision 045).
DELETE FROM "instruction_assignments" a WHERE a."status" <> 'E' AND EXISTS (
  SELECT 1 FROM "instruction_assignments" b
  WHERE b."employee_id" = a."employee_id" AND b."topic_id" = a."topic_id" AND b."type" = a."type"
    AND b."status" <> 'E' AND b."id" <> a."id"
    AND ((b."status" <> 'O' AND a."status" = 'O') OR ((b."status" = 'O') = (a."status" = 'O') AND b."id" < a."id")));--> statement-breakpoint
CREATE UNIQUE INDEX "instruction_assignments_unfinished" ON "instruction_assignments" USING btree ("employee_id","topic_id","type") WHERE "instruction_assignments"."status" <> 'E';