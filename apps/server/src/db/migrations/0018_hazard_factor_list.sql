CREATE TABLE "hazard_analysis_hazard_factors" (
	"hazard_id" integer NOT NULL,
	"factor_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "hazard_analysis_hazard_factors_hazard_id_factor_id_pk" PRIMARY KEY("hazard_id","factor_id")
);
--> statement-breakpoint
ALTER TABLE "hazard_analysis_hazards" DROP CONSTRAINT "hazard_analysis_hazards_factor_id_factor_menu_factors_id_fk";
--> statement-breakpoint
ALTER TABLE "hazard_analysis_hazard_factors" ADD CONSTRAINT "hazard_analysis_hazard_factors_hazard_id_hazard_analysis_hazards_id_fk" FOREIGN KEY ("hazard_id") REFERENCES "public"."hazard_analysis_hazards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hazard_analysis_hazard_factors" ADD CONSTRAINT "hazard_analysis_hazard_factors_factor_id_factor_menu_factors_id_fk" FOREIGN KEY ("factor_id") REFERENCES "public"."factor_menu_factors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hazard_analysis_hazard_factors_factor" ON "hazard_analysis_hazard_factors" USING btree ("factor_id");--> statement-breakpoint
INSERT INTO "hazard_analysis_hazard_factors" ("hazard_id", "factor_id", "position") SELECT "id", "factor_id", 0 FROM "hazard_analysis_hazards" WHERE "factor_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "hazard_analysis_hazards" DROP COLUMN "factor_id";