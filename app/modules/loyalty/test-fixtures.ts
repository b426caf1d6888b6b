/**
 * Members and staff for loyalty tests. Balances are given through the ledger, never written
 * to profiles directly, so every test can end by asserting the ledger invariant.
 */
import { randomUUID } from "node:crypto";
import type { Db } from "~/platform/db/client.server";
import { profiles, user, user_roles } from "~/platform/db/schema";
import { creditPoints, creditXp } from "./ledger.server";

export interface MemberOptions {
  email?: string;
  firstName?: string | null;
  lastName?: string | null;
  steamId?: string | null;
  emailIsPlaceholder?: boolean;
  points?: number;
  xp?: number;
}

export async function createMember(db: Db, options: MemberOptions = {}): Promise<string> {
  const email = options.email ?? `medlem-${randomUUID()}@example.se`;
  const [row] = await db
    .insert(user)
    .values({ name: options.firstName ?? "Medlem", email })
    .returning({ id: user.id });
  const userId = row!.id;
  await db.insert(profiles).values({
    user_id: userId,
    email,
    email_is_placeholder: options.emailIsPlaceholder ?? false,
    first_name: options.firstName ?? "Test",
    last_name: options.lastName ?? "Medlem",
    display_name: options.firstName ?? "Test",
    steam_id: options.steamId ?? null,
  });
  if (options.points || options.xp) {
    await db.transaction(async (tx) => {
      if (options.points) {
        await creditPoints(tx, {
          userId,
          amount: options.points,
          reason: "Startsaldo",
          idempotencyKey: `test:${randomUUID()}`,
        });
      }
      if (options.xp) {
        await creditXp(tx, { userId, amount: options.xp, reason: "Start-XP", idempotencyKey: `test:${randomUUID()}` });
      }
    });
  }
  return userId;
}

export async function createStaff(db: Db, role: "admin" | "blog" | "seo" = "admin"): Promise<string> {
  const [row] = await db
    .insert(user)
    .values({ name: "Personal", email: `personal-${randomUUID()}@example.se` })
    .returning({ id: user.id });
  await db.insert(user_roles).values({ user_id: row!.id, role });
  return row!.id;
}
