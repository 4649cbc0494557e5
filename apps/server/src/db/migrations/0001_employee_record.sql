ALTER TABLE "employees" ADD COLUMN "chip_id" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "temp_login_name" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "id_number" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "mobile_internal" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "company" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "is_temp_worker" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "is_external" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "has_admin_rights" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "keep_active_on_import" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "works_ban_until" date;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "hire_date" date;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "temp_work_until" date;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "working_tasks" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "working_time" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "gender" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "citizenship" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "street" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "zip" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "birthday" date;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "health_insurance_name" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "health_insurance_street" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "health_insurance_zip" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "health_insurance_city" text;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_gender" CHECK ("employees"."gender" in ('m', 'w', 'd'));