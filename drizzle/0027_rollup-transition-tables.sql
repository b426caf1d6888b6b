-- The rollup triggers of 0024 read their statement's transition tables directly instead of
-- first copying every changed row into a PL/pgSQL array (docs/decisions/040-daily-rollups.md):
-- at the monthly VIP bonus's 72,000 profile updates the arrays alone took seconds per copy
-- (docs/decisions/038-scale-dataset-and-exports.md). Same sums, same locks, same order.
--
-- The rows a statement changed, as one query: its removed rows signed -1, its added rows +1,
-- `columns` of each and only those meeting `condition`. A transition table exists only for the
-- operations its trigger names, so the query is built for the trigger's operation and run with
-- EXECUTE (which sees the transition tables like any statement of the trigger function).
CREATE FUNCTION rollup_changed_rows(op text, columns text, condition text DEFAULT 'TRUE') RETURNS text
  LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE op
    WHEN 'INSERT' THEN format('SELECT %1$s, 1 AS sign FROM new_rows WHERE %2$s', columns, condition)
    WHEN 'DELETE' THEN format('SELECT %1$s, -1 AS sign FROM old_rows WHERE %2$s', columns, condition)
    ELSE format('SELECT %1$s, -1 AS sign FROM old_rows WHERE %2$s UNION ALL SELECT %1$s, 1 FROM new_rows WHERE %2$s',
                columns, condition)
  END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rollup_trades() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := rollup_changed_rows(TG_OP, 'user_id, completed_at, type, total_ore', $c$status = 'completed'$c$);
  members uuid[];
BEGIN
  EXECUTE format('SELECT ARRAY(SELECT DISTINCT c.user_id FROM (%s) c ORDER BY 1)', changed) INTO members;
  IF cardinality(members) = 0 THEN
    RETURN NULL;
  END IF;
  EXECUTE format($q$INSERT INTO daily_trades AS d (day, type, trades, total_ore)
    SELECT (c.completed_at AT TIME ZONE 'Europe/Stockholm')::date, c.type, sum(c.sign), sum(c.sign * c.total_ore)
      FROM (%s) c
     GROUP BY 1, 2
    HAVING sum(c.sign) <> 0 OR sum(c.sign * c.total_ore) <> 0
     ORDER BY 1, 2
    ON CONFLICT (day, type) DO UPDATE SET trades = d.trades + excluded.trades, total_ore = d.total_ore + excluded.total_ore$q$,
    changed);
  PERFORM refresh_member_values(members);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rollup_profiles() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := rollup_changed_rows(TG_OP, 'created_at, xp');
BEGIN
  EXECUTE format($q$INSERT INTO cohort_months AS c (month, members)
    SELECT date_trunc('month', x.created_at AT TIME ZONE 'Europe/Stockholm')::date, sum(x.sign)
      FROM (%s) x
     GROUP BY 1 HAVING sum(x.sign) <> 0 ORDER BY 1
    ON CONFLICT (month) DO UPDATE SET members = c.members + excluded.members$q$, changed);
  EXECUTE format($q$INSERT INTO xp_values AS v (xp, members)
    SELECT x.xp, sum(x.sign)
      FROM (%s) x
     GROUP BY 1 HAVING sum(x.sign) <> 0 ORDER BY 1
    ON CONFLICT (xp) DO UPDATE SET members = v.members + excluded.members$q$, changed);
  IF TG_OP = 'UPDATE' THEN
    UPDATE member_values m SET xp = n.xp FROM new_rows n WHERE m.user_id = n.user_id AND m.xp <> n.xp;
    PERFORM refresh_member_values(ARRAY(
      SELECT n.user_id FROM new_rows n JOIN old_rows o ON o.user_id = n.user_id
        JOIN member_values m ON m.user_id = n.user_id
       WHERE o.created_at IS DISTINCT FROM n.created_at));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rollup_member_values() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := rollup_changed_rows(TG_OP, 'signed_up_at, xp, value_ore, value_1m_ore, value_3m_ore, value_6m_ore, value_12m_ore');
BEGIN
  EXECUTE format($q$INSERT INTO cohort_months AS c (month, traders, value_1m_ore, value_3m_ore, value_6m_ore, value_12m_ore)
    SELECT date_trunc('month', x.signed_up_at AT TIME ZONE 'Europe/Stockholm')::date, sum(x.sign),
           sum(x.sign * x.value_1m_ore), sum(x.sign * x.value_3m_ore), sum(x.sign * x.value_6m_ore), sum(x.sign * x.value_12m_ore)
      FROM (%s) x
     GROUP BY 1
    HAVING sum(x.sign) <> 0 OR sum(x.sign * x.value_1m_ore) <> 0 OR sum(x.sign * x.value_3m_ore) <> 0
        OR sum(x.sign * x.value_6m_ore) <> 0 OR sum(x.sign * x.value_12m_ore) <> 0
     ORDER BY 1
    ON CONFLICT (month) DO UPDATE SET traders = c.traders + excluded.traders,
      value_1m_ore = c.value_1m_ore + excluded.value_1m_ore, value_3m_ore = c.value_3m_ore + excluded.value_3m_ore,
      value_6m_ore = c.value_6m_ore + excluded.value_6m_ore, value_12m_ore = c.value_12m_ore + excluded.value_12m_ore$q$,
    changed);
  EXECUTE format($q$INSERT INTO xp_values AS v (xp, traders, value_ore)
    SELECT x.xp, sum(x.sign), sum(x.sign * x.value_ore)
      FROM (%s) x
     GROUP BY 1 HAVING sum(x.sign) <> 0 OR sum(x.sign * x.value_ore) <> 0 ORDER BY 1
    ON CONFLICT (xp) DO UPDATE SET traders = v.traders + excluded.traders, value_ore = v.value_ore + excluded.value_ore$q$,
    changed);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rollup_points() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$INSERT INTO daily_points AS d (day, issued, spent)
    SELECT (c.created_at AT TIME ZONE 'Europe/Stockholm')::date,
           sum(c.sign * GREATEST(c.amount, 0)), sum(c.sign * GREATEST(-c.amount, 0))
      FROM (%s) c
     GROUP BY 1
    HAVING sum(c.sign * GREATEST(c.amount, 0)) <> 0 OR sum(c.sign * GREATEST(-c.amount, 0)) <> 0
     ORDER BY 1
    ON CONFLICT (day) DO UPDATE SET issued = d.issued + excluded.issued, spent = d.spent + excluded.spent$q$,
    rollup_changed_rows(TG_OP, 'created_at, amount'));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Room on every page for a changed row's new version (HOT updates: no new index entries, the
-- trigram index included), for the monthly bonus's 72,000 XP changes and member_values' XP
-- moves with them. CLUSTER rewrites the tables once so the pages already written get the room
-- too (VACUUM FULL would, but cannot run in the migration's transaction); it holds an
-- exclusive lock while it copies (seconds at 200,000 members).
ALTER TABLE profiles SET (fillfactor = 80);
--> statement-breakpoint
CLUSTER profiles USING profiles_pkey;
--> statement-breakpoint
ALTER TABLE member_values SET (fillfactor = 80);
--> statement-breakpoint
CLUSTER member_values USING member_values_pkey;
