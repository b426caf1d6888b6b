CREATE TABLE "cohort_months" (
	"month" date PRIMARY KEY NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	"traders" integer DEFAULT 0 NOT NULL,
	"value_1m_ore" bigint DEFAULT 0 NOT NULL,
	"value_3m_ore" bigint DEFAULT 0 NOT NULL,
	"value_6m_ore" bigint DEFAULT 0 NOT NULL,
	"value_12m_ore" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_page_views" (
	"day" date NOT NULL,
	"path" text NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "daily_page_views_day_path_pk" PRIMARY KEY("day","path")
);
--> statement-breakpoint
CREATE TABLE "daily_points" (
	"day" date PRIMARY KEY NOT NULL,
	"issued" bigint DEFAULT 0 NOT NULL,
	"spent" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_trades" (
	"day" date NOT NULL,
	"type" text NOT NULL,
	"trades" integer DEFAULT 0 NOT NULL,
	"total_ore" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_trades_day_type_pk" PRIMARY KEY("day","type")
);
--> statement-breakpoint
CREATE TABLE "daily_visits" (
	"day" date NOT NULL,
	"device" text NOT NULL,
	"referrer" text,
	"utm_source" text,
	"visits" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_values" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"signed_up_at" timestamp with time zone NOT NULL,
	"xp" integer NOT NULL,
	"sold_ore" bigint NOT NULL,
	"bought_ore" bigint NOT NULL,
	"value_ore" bigint NOT NULL,
	"trades" integer NOT NULL,
	"first_trade_at" timestamp with time zone NOT NULL,
	"last_trade_at" timestamp with time zone NOT NULL,
	"value_1m_ore" bigint NOT NULL,
	"value_3m_ore" bigint NOT NULL,
	"value_6m_ore" bigint NOT NULL,
	"value_12m_ore" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rollup_state" (
	"name" text PRIMARY KEY NOT NULL,
	"through_day" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xp_values" (
	"xp" integer PRIMARY KEY NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	"traders" integer DEFAULT 0 NOT NULL,
	"value_ore" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "points_transactions_created_idx";--> statement-breakpoint
DROP INDEX "trades_completed_at_idx";--> statement-breakpoint
ALTER TABLE "member_values" ADD CONSTRAINT "member_values_user_id_profiles_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "daily_visits_day_idx" ON "daily_visits" USING btree ("day");--> statement-breakpoint
CREATE INDEX "member_values_value_idx" ON "member_values" USING btree ("value_ore" DESC NULLS LAST,"user_id");--> statement-breakpoint
CREATE INDEX "member_values_first_trade_idx" ON "member_values" USING btree ("first_trade_at");--> statement-breakpoint
CREATE INDEX "member_values_signed_up_idx" ON "member_values" USING btree ("signed_up_at");--> statement-breakpoint
CREATE INDEX "points_transactions_created_idx" ON "points_transactions" USING btree ("created_at","amount");--> statement-breakpoint
CREATE INDEX "trades_completed_at_idx" ON "trades" USING btree ("completed_at","type","total_ore") WHERE "trades"."status" = 'completed';--> statement-breakpoint
-- Recomputes the named members' rows of member_values from their completed trades. Each
-- member's profile row is locked first (in id order) so two transactions writing trades for
-- the same member recompute one after the other, the second seeing the first's trades.
CREATE FUNCTION refresh_member_values(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM profiles WHERE user_id = ANY(ids) ORDER BY user_id FOR NO KEY UPDATE;
  DELETE FROM member_values WHERE user_id = ANY(ids);
  INSERT INTO member_values (user_id, signed_up_at, xp, sold_ore, bought_ore, value_ore, trades, first_trade_at, last_trade_at,
                             value_1m_ore, value_3m_ore, value_6m_ore, value_12m_ore)
  SELECT p.user_id, p.created_at, p.xp,
         COALESCE(sum(t.total_ore) FILTER (WHERE t.type = 'sale'), 0),
         COALESCE(sum(t.total_ore) FILTER (WHERE t.type = 'purchase'), 0),
         sum(t.total_ore), count(*), min(t.completed_at), max(t.completed_at),
         COALESCE(sum(t.total_ore) FILTER (WHERE t.completed_at < p.created_at + interval '1 month'), 0),
         COALESCE(sum(t.total_ore) FILTER (WHERE t.completed_at < p.created_at + interval '3 months'), 0),
         COALESCE(sum(t.total_ore) FILTER (WHERE t.completed_at < p.created_at + interval '6 months'), 0),
         COALESCE(sum(t.total_ore) FILTER (WHERE t.completed_at < p.created_at + interval '12 months'), 0)
    FROM trades t JOIN profiles p ON p.user_id = t.user_id
   WHERE t.user_id = ANY(ids) AND t.status = 'completed'
   GROUP BY p.user_id, p.created_at, p.xp;
END $$;
--> statement-breakpoint
-- After every statement that inserts, updates or deletes trades (a cascade from a deleted
-- member included): the completed rows it removed count negatively, those it added
-- positively, per Stockholm day and type; the members concerned are recomputed.
CREATE FUNCTION rollup_trades() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  removed trades[] := '{}';
  added trades[] := '{}';
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    removed := ARRAY(SELECT o FROM old_rows o WHERE o.status = 'completed');
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    added := ARRAY(SELECT n FROM new_rows n WHERE n.status = 'completed');
  END IF;
  IF cardinality(removed) = 0 AND cardinality(added) = 0 THEN
    RETURN NULL;
  END IF;
  INSERT INTO daily_trades AS d (day, type, trades, total_ore)
  SELECT (c.completed_at AT TIME ZONE 'Europe/Stockholm')::date, c.type, sum(c.sign), sum(c.sign * c.total_ore)
    FROM (SELECT r.completed_at, r.type, r.total_ore, -1 AS sign FROM unnest(removed) r
          UNION ALL SELECT a.completed_at, a.type, a.total_ore, 1 FROM unnest(added) a) c
   GROUP BY 1, 2
  HAVING sum(c.sign) <> 0 OR sum(c.sign * c.total_ore) <> 0
   ORDER BY 1, 2
  ON CONFLICT (day, type) DO UPDATE SET trades = d.trades + excluded.trades, total_ore = d.total_ore + excluded.total_ore;
  PERFORM refresh_member_values(ARRAY(SELECT DISTINCT u.user_id FROM (
    SELECT r.user_id FROM unnest(removed) r UNION SELECT a.user_id FROM unnest(added) a) u));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER trades_rollup_insert AFTER INSERT ON trades REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION rollup_trades();
--> statement-breakpoint
CREATE TRIGGER trades_rollup_update AFTER UPDATE ON trades REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION rollup_trades();
--> statement-breakpoint
CREATE TRIGGER trades_rollup_delete AFTER DELETE ON trades REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION rollup_trades();
--> statement-breakpoint
-- Members: counted per sign-up month and per XP total; a changed sign-up time recomputes the
-- member's horizons, a changed XP moves their value (member_values.xp) with them.
CREATE FUNCTION rollup_profiles() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  removed profiles[] := '{}';
  added profiles[] := '{}';
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    removed := ARRAY(SELECT o FROM old_rows o);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    added := ARRAY(SELECT n FROM new_rows n);
  END IF;
  INSERT INTO cohort_months AS c (month, members)
  SELECT date_trunc('month', x.created_at AT TIME ZONE 'Europe/Stockholm')::date, sum(x.sign)
    FROM (SELECT r.created_at, -1 AS sign FROM unnest(removed) r UNION ALL SELECT a.created_at, 1 FROM unnest(added) a) x
   GROUP BY 1 HAVING sum(x.sign) <> 0 ORDER BY 1
  ON CONFLICT (month) DO UPDATE SET members = c.members + excluded.members;
  INSERT INTO xp_values AS v (xp, members)
  SELECT x.xp, sum(x.sign)
    FROM (SELECT r.xp, -1 AS sign FROM unnest(removed) r UNION ALL SELECT a.xp, 1 FROM unnest(added) a) x
   GROUP BY 1 HAVING sum(x.sign) <> 0 ORDER BY 1
  ON CONFLICT (xp) DO UPDATE SET members = v.members + excluded.members;
  IF TG_OP = 'UPDATE' THEN
    UPDATE member_values m SET xp = a.xp FROM unnest(added) a WHERE m.user_id = a.user_id AND m.xp <> a.xp;
    PERFORM refresh_member_values(ARRAY(
      SELECT a.user_id FROM unnest(added) a JOIN unnest(removed) r ON r.user_id = a.user_id
        JOIN member_values m ON m.user_id = a.user_id
       WHERE r.created_at IS DISTINCT FROM a.created_at));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER profiles_rollup_insert AFTER INSERT ON profiles REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION rollup_profiles();
--> statement-breakpoint
CREATE TRIGGER profiles_rollup_update AFTER UPDATE ON profiles REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION rollup_profiles();
--> statement-breakpoint
CREATE TRIGGER profiles_rollup_delete AFTER DELETE ON profiles REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION rollup_profiles();
--> statement-breakpoint
-- Members' values: their traders and value per sign-up month (within each horizon) and per XP.
CREATE FUNCTION rollup_member_values() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  removed member_values[] := '{}';
  added member_values[] := '{}';
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    removed := ARRAY(SELECT o FROM old_rows o);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    added := ARRAY(SELECT n FROM new_rows n);
  END IF;
  INSERT INTO cohort_months AS c (month, traders, value_1m_ore, value_3m_ore, value_6m_ore, value_12m_ore)
  SELECT date_trunc('month', x.signed_up_at AT TIME ZONE 'Europe/Stockholm')::date, sum(x.sign),
         sum(x.sign * x.value_1m_ore), sum(x.sign * x.value_3m_ore), sum(x.sign * x.value_6m_ore), sum(x.sign * x.value_12m_ore)
    FROM (SELECT r.*, -1 AS sign FROM unnest(removed) r UNION ALL SELECT a.*, 1 FROM unnest(added) a) x
   GROUP BY 1
  HAVING sum(x.sign) <> 0 OR sum(x.sign * x.value_1m_ore) <> 0 OR sum(x.sign * x.value_3m_ore) <> 0
      OR sum(x.sign * x.value_6m_ore) <> 0 OR sum(x.sign * x.value_12m_ore) <> 0
   ORDER BY 1
  ON CONFLICT (month) DO UPDATE SET traders = c.traders + excluded.traders,
    value_1m_ore = c.value_1m_ore + excluded.value_1m_ore, value_3m_ore = c.value_3m_ore + excluded.value_3m_ore,
    value_6m_ore = c.value_6m_ore + excluded.value_6m_ore, value_12m_ore = c.value_12m_ore + excluded.value_12m_ore;
  INSERT INTO xp_values AS v (xp, traders, value_ore)
  SELECT x.xp, sum(x.sign), sum(x.sign * x.value_ore)
    FROM (SELECT r.xp, r.value_ore, -1 AS sign FROM unnest(removed) r UNION ALL SELECT a.xp, a.value_ore, 1 FROM unnest(added) a) x
   GROUP BY 1 HAVING sum(x.sign) <> 0 OR sum(x.sign * x.value_ore) <> 0 ORDER BY 1
  ON CONFLICT (xp) DO UPDATE SET traders = v.traders + excluded.traders, value_ore = v.value_ore + excluded.value_ore;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER member_values_rollup_insert AFTER INSERT ON member_values REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION rollup_member_values();
--> statement-breakpoint
CREATE TRIGGER member_values_rollup_update AFTER UPDATE ON member_values REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION rollup_member_values();
--> statement-breakpoint
CREATE TRIGGER member_values_rollup_delete AFTER DELETE ON member_values REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION rollup_member_values();
--> statement-breakpoint
-- The points ledger, the same way: per Stockholm day, credits and debits apart.
CREATE FUNCTION rollup_points() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  removed points_transactions[] := '{}';
  added points_transactions[] := '{}';
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    removed := ARRAY(SELECT o FROM old_rows o);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    added := ARRAY(SELECT n FROM new_rows n);
  END IF;
  INSERT INTO daily_points AS d (day, issued, spent)
  SELECT (c.created_at AT TIME ZONE 'Europe/Stockholm')::date,
         sum(c.sign * GREATEST(c.amount, 0)), sum(c.sign * GREATEST(-c.amount, 0))
    FROM (SELECT r.created_at, r.amount, -1 AS sign FROM unnest(removed) r
          UNION ALL SELECT a.created_at, a.amount, 1 FROM unnest(added) a) c
   GROUP BY 1
  HAVING sum(c.sign * GREATEST(c.amount, 0)) <> 0 OR sum(c.sign * GREATEST(-c.amount, 0)) <> 0
   ORDER BY 1
  ON CONFLICT (day) DO UPDATE SET issued = d.issued + excluded.issued, spent = d.spent + excluded.spent;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER points_rollup_insert AFTER INSERT ON points_transactions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION rollup_points();
--> statement-breakpoint
CREATE TRIGGER points_rollup_update AFTER UPDATE ON points_transactions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION rollup_points();
--> statement-breakpoint
CREATE TRIGGER points_rollup_delete AFTER DELETE ON points_transactions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION rollup_points();
--> statement-breakpoint
-- Backfill from the history already there. The view rollups are filled by their job.
INSERT INTO daily_trades (day, type, trades, total_ore)
SELECT (completed_at AT TIME ZONE 'Europe/Stockholm')::date, type, count(*), sum(total_ore)
  FROM trades WHERE status = 'completed' GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO daily_points (day, issued, spent)
SELECT (created_at AT TIME ZONE 'Europe/Stockholm')::date, sum(GREATEST(amount, 0)), sum(GREATEST(-amount, 0))
  FROM points_transactions GROUP BY 1;
--> statement-breakpoint
INSERT INTO cohort_months (month, members)
SELECT date_trunc('month', created_at AT TIME ZONE 'Europe/Stockholm')::date, count(*) FROM profiles GROUP BY 1;
--> statement-breakpoint
INSERT INTO xp_values (xp, members) SELECT xp, count(*) FROM profiles GROUP BY 1;
--> statement-breakpoint
-- Last: filling member_values adds their traders and values to the two tables above.
SELECT refresh_member_values(ARRAY(SELECT DISTINCT user_id FROM trades WHERE status = 'completed'));
