CREATE TABLE "precaution_assignments" (
	"precaution_id" integer PRIMARY KEY NOT NULL,
	"assignment_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "precaution_assignments" ADD CONSTRAINT "precaution_assignments_precaution_id_occupational_precautions_id_fk" FOREIGN KEY ("precaution_id") REFERENCES "public"."occupational_precautions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "precaution_assignments" ADD CONSTRAINT "precaution_assignments_assignment_id_instruction_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."instruction_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "precaution_assignments_assignment" ON "precaution_assignments" USING btree ("assignment_id");