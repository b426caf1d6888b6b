CREATE TABLE "daily_trade_totals" (
	"day" date NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"trades" integer DEFAULT 0 NOT NULL,
	"base_total_ore" bigint DEFAULT 0 NOT NULL,
	"total_ore" bigint DEFAULT 0 NOT NULL,
	"bonus_ore" bigint DEFAULT 0 NOT NULL,
	"purchase_fee_ore" bigint DEFAULT 0 NOT NULL,
	"points_credited" bigint DEFAULT 0 NOT NULL,
	"xp_credited" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_trade_totals_day_type_status_pk" PRIMARY KEY("day","type","status")
);
--> statement-breakpoint
-- Kept by the trades' writes in their own transaction, like daily_trades (0024, 0027): the removed
-- rows signed -1 and the added +1, summed per day, type and status, day rows in key order.
CREATE FUNCTION rollup_trade_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$INSERT INTO daily_trade_totals AS d (day, type, status, trades, base_total_ore, total_ore, bonus_ore,
                                                        purchase_fee_ore, points_credited, xp_credited)
    SELECT (c.created_at AT TIME ZONE 'Europe/Stockholm')::date, c.type, c.status, sum(c.sign), sum(c.sign * c.base_total_ore),
           sum(c.sign * c.total_ore), sum(c.sign * (c.level_bonus_ore + c.bulk_bonus_ore + c.perk_bonus_ore)),
           sum(c.sign * c.purchase_fee_ore), sum(c.sign * c.points_credited), sum(c.sign * c.xp_credited)
      FROM (%s) c
     GROUP BY 1, 2, 3
    HAVING sum(c.sign) <> 0 OR sum(c.sign * c.base_total_ore) <> 0 OR sum(c.sign * c.total_ore) <> 0
        OR sum(c.sign * (c.level_bonus_ore + c.bulk_bonus_ore + c.perk_bonus_ore)) <> 0 OR sum(c.sign * c.purchase_fee_ore) <> 0
        OR sum(c.sign * c.points_credited) <> 0 OR sum(c.sign * c.xp_credited) <> 0
     ORDER BY 1, 2, 3
    ON CONFLICT (day, type, status) DO UPDATE SET trades = d.trades + excluded.trades,
      base_total_ore = d.base_total_ore + excluded.base_total_ore, total_ore = d.total_ore + excluded.total_ore,
      bonus_ore = d.bonus_ore + excluded.bonus_ore, purchase_fee_ore = d.purchase_fee_ore + excluded.purchase_fee_ore,
      points_credited = d.points_credited + excluded.points_credited, xp_credited = d.xp_credited + excluded.xp_credited$q$,
    rollup_changed_rows(TG_OP, 'created_at, type, status, base_total_ore, total_ore, level_bonus_ore, bulk_bonus_ore, perk_bonus_ore, purchase_fee_ore, points_credited, xp_credited'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER trades_totals_insert AFTER INSERT ON trades REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION rollup_trade_totals();
--> statement-breakpoint
CREATE TRIGGER trades_totals_update AFTER UPDATE ON trades REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION rollup_trade_totals();
--> statement-breakpoint
CREATE TRIGGER trades_totals_delete AFTER DELETE ON trades REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION rollup_trade_totals();
--> statement-breakpoint
INSERT INTO daily_trade_totals (day, type, status, trades, base_total_ore, total_ore, bonus_ore, purchase_fee_ore, points_credited, xp_credited)
SELECT (created_at AT TIME ZONE 'Europe/Stockholm')::date, type, status, count(*), sum(base_total_ore), sum(total_ore),
       sum(level_bonus_ore + bulk_bonus_ore + perk_bonus_ore), sum(purchase_fee_ore), sum(points_credited), sum(xp_credited)
  FROM trades
 GROUP BY 1, 2, 3;
