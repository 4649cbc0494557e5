ALTER TABLE "instruction_assignments" ADD COLUMN "completed_on" date;--> statement-breakpoint
-- Decision 077: done items had no completion day; the row's last change is the best trace (decision 041 reads it too).
UPDATE "instruction_assignments" SET "completed_on" = ("updated_at" at time zone 'Europe/Berlin')::date WHERE "status" = 'E';--> statement-breakpoint
ALTER TABLE "instruction_assignments" ADD CONSTRAINT "instruction_assignments_completed_on" CHECK ("instruction_assignments"."status" = 'E' or "instruction_assignments"."completed_on" is null);
