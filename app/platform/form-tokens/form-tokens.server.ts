/**
 * One-time form tokens for staff forms that move points, XP, money or stock
 * (docs/decisions/036-staff-form-tokens.md). The page's loader issues a token and the form posts
 * it as `formToken`; the page's action runs the service through `withFormToken`, which claims the
 * token in a transaction around the service's own (a savepoint inside it), so the claim and the
 * change commit together. The first post claims the token and, when it succeeds, keeps its answer; a repeat
 * (a double click, a retried request, ten identical POSTs) waits for the first to commit and gets
 * the same answer without a second effect. A refused post releases the token, so the corrected
 * form can be sent again.
 */
import { randomUUID } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import { z } from "~/lib/zod";
import type { Db, Tx } from "../db/client.server";
import { staff_form_tokens } from "../db/schema";
import { FORM_TOKEN } from "../platform-constants";

export const FORM_TOKEN_MESSAGES = {
  missing: "Formuläret saknar sin engångskod. Ladda om sidan och försök igen.",
  otherAction: "Formulärets engångskod hör till ett annat formulär. Ladda om sidan och försök igen.",
} as const;

/** The hidden field every such form posts. */
const formTokenSchema = z.uuid({ error: FORM_TOKEN_MESSAGES.missing });

/** A fresh token for a form the page renders. */
export function issueFormToken(): string {
  return randomUUID();
}

export interface TokenClaim {
  token: string;
  actorUserId: string;
  /** `{area}.{verb}`, e.g. `member.adjust_balance`. */
  action: string;
}

type Answer = { ok: boolean };

export interface OnceOptions<T extends Answer, S> {
  /** The answer for a token spent by someone else or on another action. */
  refuse: (message: string) => T;
  /** What to keep of a successful answer (by default all of it; it must survive JSON). */
  remember?: (answer: T) => S;
  /** The answer a repeat gets from what was kept (by default the kept answer itself). */
  replay?: (kept: S, tx: Tx) => Promise<T>;
}

/** Runs `change` once per token, inside `tx`; a repeat gets the first answer. */
async function onceForToken<T extends Answer, S = T>(
  tx: Tx,
  claim: TokenClaim,
  change: () => Promise<T>,
  options: OnceOptions<T, S>,
): Promise<T> {
  const claimed = await tx
    .insert(staff_form_tokens)
    .values({ token: claim.token, actor_user_id: claim.actorUserId, action: claim.action })
    .onConflictDoNothing({ target: staff_form_tokens.token })
    .returning({ token: staff_form_tokens.token });
  if (claimed.length === 0) {
    // A concurrent first post has committed by now (the insert waited for it).
    const [spent] = await tx.select().from(staff_form_tokens).where(eq(staff_form_tokens.token, claim.token));
    if (!spent || spent.actor_user_id !== claim.actorUserId || spent.action !== claim.action || spent.result === null) {
      return options.refuse(FORM_TOKEN_MESSAGES.otherAction);
    }
    const kept = spent.result as S;
    return options.replay ? options.replay(kept, tx) : (kept as unknown as T);
  }
  const answer = await change();
  if (answer.ok) {
    const kept = options.remember ? options.remember(answer) : answer;
    await tx
      .update(staff_form_tokens)
      .set({ result: sql`${JSON.stringify(kept)}::jsonb` })
      .where(eq(staff_form_tokens.token, claim.token));
  } else {
    // Refused: nothing changed, and the corrected form may use the token again.
    await tx.delete(staff_form_tokens).where(and(eq(staff_form_tokens.token, claim.token), eq(staff_form_tokens.actor_user_id, claim.actorUserId)));
  }
  return answer;
}

/**
 * Reads the posted `formToken` and runs `change` once for it (see `onceForToken`), the change's
 * own transaction nested in the claim's. A post without a token is refused.
 */
export async function withFormToken<T extends Answer, S = T>(
  db: Db,
  claim: { values: Record<string, unknown>; actorUserId: string; action: string },
  change: (tx: Db) => Promise<T>,
  options: OnceOptions<T, S>,
): Promise<T> {
  const token = formTokenSchema.safeParse(claim.values.formToken);
  if (!token.success) return options.refuse(FORM_TOKEN_MESSAGES.missing);
  return db.transaction((tx) =>
    onceForToken(tx, { token: token.data, actorUserId: claim.actorUserId, action: claim.action }, () => change(tx), options),
  );
}

/** Forgets tokens older than a day: a page that old is reloaded before it is posted. */
export async function purgeFormTokens(db: Db, now: Date = new Date()): Promise<{ removed: number }> {
  const removed = await db
    .delete(staff_form_tokens)
    .where(lt(staff_form_tokens.created_at, new Date(now.getTime() - FORM_TOKEN.keepMs)))
    .returning({ token: staff_form_tokens.token });
  return { removed: removed.length };
}
