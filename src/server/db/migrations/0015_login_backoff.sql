CREATE TABLE "rate_limit_backoffs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rate_limit_backoffs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"key" text NOT NULL,
	"failures" integer NOT NULL,
	"blocked_until" timestamp with time zone,
	"last_failure_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limit_backoffs_failures_ck" CHECK ("rate_limit_backoffs"."failures" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "rate_limit_backoffs_key_uq" ON "rate_limit_backoffs" USING btree ("key");--> statement-breakpoint
CREATE INDEX "rate_limit_backoffs_last_failure_at_idx" ON "rate_limit_backoffs" USING btree ("last_failure_at");