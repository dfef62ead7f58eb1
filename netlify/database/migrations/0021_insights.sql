CREATE TABLE "insights_daily" (
	"day" date NOT NULL,
	"path" text NOT NULL,
	"referrer_host" text DEFAULT '' NOT NULL,
	"utm_source" text DEFAULT '' NOT NULL,
	"utm_medium" text DEFAULT '' NOT NULL,
	"utm_campaign" text DEFAULT '' NOT NULL,
	"device" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	"product_views" integer DEFAULT 0 NOT NULL,
	"cart_adds" integer DEFAULT 0 NOT NULL,
	"checkouts" integer DEFAULT 0 NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL,
	"onboardings" integer DEFAULT 0 NOT NULL,
	"meetings" integer DEFAULT 0 NOT NULL,
	"contacts" integer DEFAULT 0 NOT NULL,
	"client_onboardings" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insights_daily_day_path_referrer_host_utm_source_utm_medium_utm_campaign_device_pk" PRIMARY KEY("day","path","referrer_host","utm_source","utm_medium","utm_campaign","device")
);
--> statement-breakpoint
CREATE TABLE "insights_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insights_visitor_hashes" (
	"day" date NOT NULL,
	"hash" "bytea" NOT NULL,
	CONSTRAINT "insights_visitor_hashes_day_hash_pk" PRIMARY KEY("day","hash")
);
--> statement-breakpoint
CREATE TABLE "insights_vital_targets" (
	"day" date NOT NULL,
	"path" text NOT NULL,
	"metric" text NOT NULL,
	"target" text NOT NULL,
	"samples" integer DEFAULT 0 NOT NULL,
	"poor" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insights_vital_targets_day_path_metric_target_pk" PRIMARY KEY("day","path","metric","target")
);
--> statement-breakpoint
CREATE TABLE "insights_vitals" (
	"day" date NOT NULL,
	"path" text NOT NULL,
	"metric" text NOT NULL,
	"bucket" smallint NOT NULL,
	"samples" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insights_vitals_day_path_metric_bucket_pk" PRIMARY KEY("day","path","metric","bucket")
);
