-- Data migration (hand-written): gives the seeded perk items of app/platform/db/seed/shop-items.ts
-- their effects and texts on databases seeded before effects existed. Keyed by the seeds'
-- fixed ids; a database without those rows is left as it is. docs/rules/loyalty.md#perks
UPDATE "point_shop_items" SET "effect_kind" = 'sale_bonus', "effect_value" = 2, "updated_at" = now(),
  "description" = 'Läggs automatiskt på din nästa försäljning som vi registrerar, utöver VIP- och bulkbonus. Gäller en affär.'
  WHERE "id" = 'a07c3cd3-0a66-4140-9869-b66a122bf938' AND "effect_kind" IS NULL;--> statement-breakpoint
UPDATE "point_shop_items" SET "effect_kind" = 'points_multiplier', "effect_value" = 2, "effect_days" = 7, "updated_at" = now(),
  "description" = 'I sju dagar från köpet ger varje affär som slutförs dubbelt så många poäng. XP räknas som vanligt. Har du redan dubbla poäng läggs dagarna till efter den pågående perioden.'
  WHERE "id" = 'dd9f0452-6788-41ab-a9cb-a0fc186c443f' AND "effect_kind" IS NULL;--> statement-breakpoint
UPDATE "point_shop_items" SET "effect_kind" = 'temporary_level', "effect_level" = 'silver', "effect_days" = 30, "updated_at" = now(),
  "description" = 'Räknas som Silver i 30 dagar från köpet, oavsett hur mycket XP du har: +1 % extra på försäljningar som registreras under perioden. XP och månadsbonus påverkas inte.'
  WHERE "id" = '43e8fbaf-0bdf-41a2-aa01-08baaf777074' AND "effect_kind" IS NULL;--> statement-breakpoint
UPDATE "point_shop_items" SET "effect_kind" = 'temporary_level', "effect_level" = 'gold', "effect_days" = 30, "updated_at" = now(),
  "description" = 'Räknas som Gold i 30 dagar från köpet: +2 % extra på försäljningar och Gold-nivåns lägre köpavgift på affärer som registreras under perioden. XP och månadsbonus påverkas inte.'
  WHERE "id" = 'c63aa11d-a5e8-40cf-a02f-3c3228d80355' AND "effect_kind" IS NULL;
