CREATE TABLE "hazard_analysis_hazard_substances" (
	"hazard_id" integer NOT NULL,
	"substance_version_id" integer NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hazard_analysis_hazard_substances_hazard_id_substance_version_id_pk" PRIMARY KEY("hazard_id","substance_version_id")
);
--> statement-breakpoint
ALTER TABLE "substance_register_entries" ADD COLUMN "sds_checklist_id" integer;--> statement-breakpoint
ALTER TABLE "hazard_analysis_hazard_substances" ADD CONSTRAINT "hazard_analysis_hazard_substances_hazard_id_hazard_analysis_hazards_id_fk" FOREIGN KEY ("hazard_id") REFERENCES "public"."hazard_analysis_hazards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hazard_analysis_hazard_substances" ADD CONSTRAINT "hazard_analysis_hazard_substances_substance_version_id_substance_versions_id_fk" FOREIGN KEY ("substance_version_id") REFERENCES "public"."substance_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hazard_analysis_hazard_substances_version" ON "hazard_analysis_hazard_substances" USING btree ("substance_version_id");