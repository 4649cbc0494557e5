ALTER TABLE "instruction_questions" ADD COLUMN "image_hash" text;--> statement-breakpoint
ALTER TABLE "instruction_questions" ADD COLUMN "image_type" text;--> statement-breakpoint
ALTER TABLE "instruction_topics" ADD COLUMN "presentation_hash" text;--> statement-breakpoint
ALTER TABLE "instruction_topics" ADD COLUMN "presentation_name" text;--> statement-breakpoint
ALTER TABLE "instruction_topics" ADD COLUMN "presentation_pages" integer;--> statement-breakpoint
ALTER TABLE "instruction_runs" ADD COLUMN "slide" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "instruction_runs" ADD COLUMN "slides_done" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "instruction_questions" ADD CONSTRAINT "instruction_questions_image_hash_stored_files_hash_fk" FOREIGN KEY ("image_hash") REFERENCES "public"."stored_files"("hash") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instruction_topics" ADD CONSTRAINT "instruction_topics_presentation_hash_stored_files_hash_fk" FOREIGN KEY ("presentation_hash") REFERENCES "public"."stored_files"("hash") ON DELETE no action ON UPDATE no action;