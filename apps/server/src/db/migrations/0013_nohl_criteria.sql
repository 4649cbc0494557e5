CREATE TABLE "nohl_criteria" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"cells" jsonb NOT NULL,
	"yellow_from" integer NOT NULL,
	"red_from" integer NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nohl_criteria_single_row" CHECK ("nohl_criteria"."id" = 1),
	CONSTRAINT "nohl_criteria_bands" CHECK ("nohl_criteria"."yellow_from" > 1 and "nohl_criteria"."red_from" > "nohl_criteria"."yellow_from" and "nohl_criteria"."red_from" <= 7)
);
--> statement-breakpoint
ALTER TABLE "nohl_criteria" ADD CONSTRAINT "nohl_criteria_updated_by_employees_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;