DROP INDEX "employees_name_order";--> statement-breakpoint
DROP INDEX "employees_first_name_order";--> statement-breakpoint
DROP INDEX "employees_personnel_number_order";--> statement-breakpoint
CREATE INDEX "employees_name_order" ON "employees" USING btree ("last_name_sort","first_name_sort","id","portal_id","active");--> statement-breakpoint
CREATE INDEX "employees_first_name_order" ON "employees" USING btree ("first_name_sort","last_name_sort","id","portal_id","active");--> statement-breakpoint
CREATE INDEX "employees_personnel_number_order" ON "employees" USING btree ("personnel_number","id","portal_id","active");