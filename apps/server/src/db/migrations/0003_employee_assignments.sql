CREATE TABLE "employee_department_responsibilities" (
	"employee_id" integer NOT NULL,
	"department_id" integer NOT NULL,
	CONSTRAINT "employee_department_responsibilities_employee_id_department_id_pk" PRIMARY KEY("employee_id","department_id")
);
--> statement-breakpoint
CREATE TABLE "employee_location_responsibilities" (
	"employee_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	CONSTRAINT "employee_location_responsibilities_employee_id_location_id_pk" PRIMARY KEY("employee_id","location_id")
);
--> statement-breakpoint
CREATE TABLE "employee_portals" (
	"employee_id" integer NOT NULL,
	"portal_id" integer NOT NULL,
	CONSTRAINT "employee_portals_employee_id_portal_id_pk" PRIMARY KEY("employee_id","portal_id")
);
--> statement-breakpoint
CREATE TABLE "employee_supervisors" (
	"supervisor_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	CONSTRAINT "employee_supervisors_supervisor_id_employee_id_pk" PRIMARY KEY("supervisor_id","employee_id"),
	CONSTRAINT "employee_supervisors_not_self" CHECK ("employee_supervisors"."supervisor_id" <> "employee_supervisors"."employee_id")
);
--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "progress_bar_show" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "progress_bar_types" text[] DEFAULT '{instruction,appointment,document,scorm,checkup}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "progress_bar_warn_days" integer DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "assignments_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "employee_department_responsibilities" ADD CONSTRAINT "employee_department_responsibilities_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_department_responsibilities" ADD CONSTRAINT "employee_department_responsibilities_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_location_responsibilities" ADD CONSTRAINT "employee_location_responsibilities_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_location_responsibilities" ADD CONSTRAINT "employee_location_responsibilities_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_portals" ADD CONSTRAINT "employee_portals_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_portals" ADD CONSTRAINT "employee_portals_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_supervisors" ADD CONSTRAINT "employee_supervisors_supervisor_id_employees_id_fk" FOREIGN KEY ("supervisor_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_supervisors" ADD CONSTRAINT "employee_supervisors_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "employee_department_responsibilities_department" ON "employee_department_responsibilities" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "employee_location_responsibilities_location" ON "employee_location_responsibilities" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "employee_portals_portal" ON "employee_portals" USING btree ("portal_id");--> statement-breakpoint
CREATE INDEX "employee_supervisors_employee" ON "employee_supervisors" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "employees_portal_active" ON "employees" USING btree ("portal_id","active");--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_progress_bar_warn_days" CHECK ("employees"."progress_bar_warn_days" between 0 and 365);