ALTER TABLE "accident_reports" ADD COLUMN "work_stopped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accident_reports" ADD COLUMN "work_resumed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accident_reports" ADD COLUMN "sick_until" date;--> statement-breakpoint
ALTER TABLE "accident_reports" ADD COLUMN "days_lost" integer;--> statement-breakpoint
ALTER TABLE "accident_reports" ADD COLUMN "light_duties" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "accident_reports" ADD COLUMN "light_duties_until" date;--> statement-breakpoint
ALTER TABLE "accident_reports" ADD COLUMN "cost_wage_continuation" integer;--> statement-breakpoint
ALTER TABLE "accident_reports" ADD COLUMN "cost_replacement" integer;--> statement-breakpoint
ALTER TABLE "accident_reports" ADD COLUMN "cost_other" integer;--> statement-breakpoint
ALTER TABLE "accident_reports" ADD COLUMN "cost_other_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "accident_reports" ADD COLUMN "insurer" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "accident_reports" ADD COLUMN "company_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "accident_reports" ADD COLUMN "company_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "accident_reports" ADD COLUMN "legal_representative" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "accident_reports" ADD COLUMN "phone_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "accident_reports" ADD COLUMN "apprentice" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "accident_reports" ADD COLUMN "marginal_employment" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "accident_reports" ADD COLUMN "entrepreneur" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "accident_reports" ADD COLUMN "family_member" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "accident_reports" ADD COLUMN "wage_continuation_weeks" smallint;--> statement-breakpoint
ALTER TABLE "accident_reports" ADD COLUMN "home_office" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "accident_reports" ADD COLUMN "violent_event" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "accident_reports" ADD COLUMN "working_time_start" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "accident_reports" ADD COLUMN "working_time_end" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "accident_reports" ADD COLUMN "works_council_member" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "accident_reports" ADD COLUMN "notice_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accident_reports" ADD COLUMN "notice_sent_by" integer;--> statement-breakpoint
ALTER TABLE "accident_reports" ADD CONSTRAINT "accident_reports_notice_sent_by_employees_id_fk" FOREIGN KEY ("notice_sent_by") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accident_reports" ADD CONSTRAINT "accident_reports_days_lost" CHECK ("accident_reports"."days_lost" between 0 and 3660);--> statement-breakpoint
ALTER TABLE "accident_reports" ADD CONSTRAINT "accident_reports_costs" CHECK (coalesce("accident_reports"."cost_wage_continuation", 0) >= 0 and coalesce("accident_reports"."cost_replacement", 0) >= 0 and coalesce("accident_reports"."cost_other", 0) >= 0);