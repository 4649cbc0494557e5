CREATE TABLE "instruction_reminders" (
	"assignment_id" integer PRIMARY KEY NOT NULL,
	"reminded_on" date,
	"escalated_on" date
);
--> statement-breakpoint
ALTER TABLE "instruction_reminders" ADD CONSTRAINT "instruction_reminders_assignment_id_instruction_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."instruction_assignments"("id") ON DELETE cascade ON UPDATE no action;