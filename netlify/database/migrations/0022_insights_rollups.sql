CREATE TABLE "insights_daily_paths" (
	"day" date NOT NULL,
	"path" text NOT NULL,
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
	CONSTRAINT "insights_daily_paths_day_path_pk" PRIMARY KEY("day","path")
);
--> statement-breakpoint
CREATE TABLE "insights_daily_sources" (
	"day" date NOT NULL,
	"referrer_host" text NOT NULL,
	"utm_source" text NOT NULL,
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
	CONSTRAINT "insights_daily_sources_day_referrer_host_utm_source_pk" PRIMARY KEY("day","referrer_host","utm_source")
);
--> statement-breakpoint
CREATE TABLE "insights_vitals_monthly" (
	"month" date NOT NULL,
	"path" text NOT NULL,
	"metric" text NOT NULL,
	"bucket" smallint NOT NULL,
	"samples" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insights_vitals_monthly_month_path_metric_bucket_pk" PRIMARY KEY("month","path","metric","bucket")
);
--> statement-breakpoint
INSERT INTO "insights_daily_paths" ("day", "path", "views", "visitors", "product_views", "cart_adds", "checkouts", "payments", "onboardings", "meetings", "contacts", "client_onboardings")
SELECT "day", "path", sum("views"), sum("visitors"), sum("product_views"), sum("cart_adds"), sum("checkouts"), sum("payments"), sum("onboardings"), sum("meetings"), sum("contacts"), sum("client_onboardings") FROM "insights_daily" GROUP BY "day", "path";
--> statement-breakpoint
INSERT INTO "insights_daily_sources" ("day", "referrer_host", "utm_source", "views", "visitors", "product_views", "cart_adds", "checkouts", "payments", "onboardings", "meetings", "contacts", "client_onboardings")
SELECT "day", "referrer_host", "utm_source", sum("views"), sum("visitors"), sum("product_views"), sum("cart_adds"), sum("checkouts"), sum("payments"), sum("onboardings"), sum("meetings"), sum("contacts"), sum("client_onboardings") FROM "insights_daily" GROUP BY "day", "referrer_host", "utm_source";
--> statement-breakpoint
INSERT INTO "insights_vitals_monthly" ("month", "path", "metric", "bucket", "samples")
SELECT date_trunc('month', "day")::date, "path", "metric", "bucket", sum("samples") FROM "insights_vitals" GROUP BY 1, 2, 3, 4;
