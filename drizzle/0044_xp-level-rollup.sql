-- The XP rollups count members per level instead of per exact XP total
-- (docs/decisions/060-staff-lists-and-bonus-at-scale.md). The monthly VIP bonus moves ~72,000
-- members' XP in one statement; keyed by exact XP that was ~90,000 xp_values upserts and ~50,000
-- member_values.xp updates (each with its own xp_values upserts), 2.9 s of the job. Keyed by the
-- level, only the members who cross a level move a row.
--
-- `xp_values.xp` and `member_values.xp` now hold the lowest XP of the member's level (the level's
-- minXP in app/modules/loyalty/loyalty-constants.ts); the LTV tab groups them into levels as
-- before. xp_level_floor mirrors LEVELS; `rollups.server.test.ts` recounts with LEVELS and fails if
-- the two part. A change of LEVELS needs a migration that replaces the function and refills both.
CREATE FUNCTION xp_level_floor(xp integer) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN xp >= 500000 THEN 500000 WHEN xp >= 100000 THEN 100000 WHEN xp >= 5000 THEN 5000 ELSE 0 END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION refresh_member_values(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM profiles WHERE user_id = ANY(ids) ORDER BY user_id FOR NO KEY UPDATE;
  DELETE FROM member_values WHERE user_id = ANY(ids);
  INSERT INTO member_values (user_id, signed_up_at, xp, sold_ore, bought_ore, value_ore, trades, first_trade_at, last_trade_at,
                             value_1m_ore, value_3m_ore, value_6m_ore, value_12m_ore)
  SELECT p.user_id, p.created_at, xp_level_floor(p.xp),
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
-- As in 0027, keyed by level; a member's rollup row moves only when the level changes, and the
-- members whose sign-up time changed are recomputed without first joining every changed row to
-- member_values (recomputing a member with no completed trades writes nothing).
CREATE OR REPLACE FUNCTION rollup_profiles() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := rollup_changed_rows(TG_OP, 'created_at, xp_level_floor(xp) AS xp');
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
    UPDATE member_values m SET xp = xp_level_floor(n.xp)
      FROM new_rows n JOIN old_rows o ON o.user_id = n.user_id
     WHERE m.user_id = n.user_id AND xp_level_floor(o.xp) <> xp_level_floor(n.xp) AND m.xp <> xp_level_floor(n.xp);
    PERFORM refresh_member_values(ARRAY(
      SELECT n.user_id FROM new_rows n JOIN old_rows o ON o.user_id = n.user_id
       WHERE o.created_at IS DISTINCT FROM n.created_at));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Refill both by level (the member_values trigger moves its traders and values in xp_values).
UPDATE member_values m SET xp = xp_level_floor(m.xp) WHERE m.xp <> xp_level_floor(m.xp);
--> statement-breakpoint
DELETE FROM xp_values;
--> statement-breakpoint
INSERT INTO xp_values (xp, members, traders, value_ore)
SELECT COALESCE(l.xp, t.xp), COALESCE(l.members, 0), COALESCE(t.traders, 0), COALESCE(t.value_ore, 0)
  FROM (SELECT xp_level_floor(xp) AS xp, count(*)::int AS members FROM profiles GROUP BY 1) l
  FULL JOIN (SELECT xp, count(*)::int AS traders, sum(value_ore) AS value_ore FROM member_values GROUP BY 1) t ON t.xp = l.xp;
--> statement-breakpoint
-- More room per page for the bonus's new row versions (HOT updates: no new entries in the
-- profile's eight indexes, the trigram index among them). At 80 the bonus updated 67-73 % of
-- its 72,000 profiles HOT; at 60, 95 %, and the job ran 1-5 s faster in alternating runs on
-- copies (decision 060). CLUSTER rewrites the table so the pages already written get the room
-- (an exclusive lock for a few seconds at 200,000 members, as in 0027).
ALTER TABLE profiles SET (fillfactor = 60);
--> statement-breakpoint
CLUSTER profiles USING profiles_pkey;
