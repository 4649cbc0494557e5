CREATE TABLE "substance_sds_proposals" (
	"substance_id" integer NOT NULL,
	"field" text NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "substance_sds_proposals_substance_id_field_pk" PRIMARY KEY("substance_id","field")
);
--> statement-breakpoint
ALTER TABLE "substance_sds_proposals" ADD CONSTRAINT "substance_sds_proposals_substance_id_substances_id_fk" FOREIGN KEY ("substance_id") REFERENCES "public"."substances"("id") ON DELETE cascade ON UPDATE no action;