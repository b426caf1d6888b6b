/**
 * The signed-in member's own account in one statement per request (docs/rules/accounts.md#one-session-read-per-request):
 * the profile row with the roles, newsletter settings, whether a password is set, the masked
 * payout details, the contact person, the unexpired sessions, the running and coming perks,
 * the latest data export and this month's giveaways. The root loader (header, staff link) and /profile share the answer for
 * the same Request, as they share the session read; every part is a lookup by the member's id on
 * a small table, so other pages pay one cheap statement where they paid two.
 */
import { eq, sql } from "drizzle-orm";
import type { LevelId, PerkKind } from "~/modules/loyalty/loyalty-constants";
import type { Perk } from "~/modules/loyalty/perks";
import type { Role } from "~/modules/accounts/accounts-constants";
import { toPayoutDetailsSummary } from "~/modules/selling/payout-details.server";
import { stockholmMonth } from "~/lib/stockholm-time";
import type { Db } from "~/platform/db/client.server";
import { profiles } from "~/platform/db/schema";
import { NEWSLETTER_DEFAULTS } from "./profile-account.server";
import type { NewsletterSettings } from "./profile-schema";
import type { DataExportRow } from "./data-export-rules";

/** JSON carries times as text; these come back as Dates. */
const toDate = (value: string | null): Date | null => (value === null ? null : new Date(value));

interface PerkJson {
  id: string;
  kind: string;
  multiplier: number | null;
  bonus_percent: number | null;
  level: string | null;
  starts_at: string;
  expires_at: string | null;
  consumed_at: string | null;
}

interface SessionJson {
  id: string;
  user_agent: string | null;
  ip_address: string | null;
  created_at: string;
  updated_at: string;
}

interface GiveawayJson {
  id: string;
  title: string;
  prize: string;
  eligible_levels: string[];
  drawn_at: string | null;
  winner_user_id: string | null;
}

// Qualified by hand: in a one-table select drizzle writes a column bare, and inside a subquery a
// bare name would bind to the subquery's own table.
const member = sql.raw(`"profiles"."user_id"`);
const contactPersonId = sql.raw(`"profiles"."contact_person_id"`);

async function readAccount(db: Db, userId: string, now: Date) {
  const [row] = await db
    .select({
      profile: profiles,
      roles: sql<Role[] | null>`(SELECT array_agg(r.role ORDER BY r.role) FROM user_roles r WHERE r.user_id = ${member})`,
      newsletter: sql<NewsletterSettings | null>`(SELECT json_build_object('email_subscribed', n.email_subscribed, 'phone_subscribed', n.phone_subscribed)
        FROM newsletter_subscriptions n WHERE n.user_id = ${member})`,
      twoFactorEnabled: sql<boolean>`coalesce((SELECT u.two_factor_enabled FROM "user" u WHERE u.id = ${member}), false)`,
      passwordSet: sql<boolean>`EXISTS (SELECT 1 FROM account a WHERE a.user_id = ${member} AND a.provider_id = 'credential' AND a.password IS NOT NULL)`,
      payout: sql<Parameters<typeof toPayoutDetailsSummary>[0] | null>`(SELECT json_build_object('method', d.method, 'label', d.masked_label, 'masked', d.masked_value,
          'usableAt', d.usable_at, 'updatedAt', d.updated_at, 'usable', d.usable_at <= now(),
          'renewalRequired', d.renewal_required_at IS NOT NULL)
        FROM payout_details d WHERE d.user_id = ${member})`,
      // The BankID identity: sealed name, masked personnummer (decision 044).
      identity: sql<{ keyId: string; ciphertext: string; masked: string; birthDate: string; verifiedAt: string } | null>`(SELECT json_build_object(
          'keyId', v.key_id, 'ciphertext', v.ciphertext, 'masked', v.masked_personnummer, 'birthDate', v.birth_date, 'verifiedAt', v.verified_at)
        FROM verified_identities v WHERE v.user_id = ${member})`,
      // A contact person is staff: someone who lost every role is no one's contact any more.
      contactPerson: sql<{ name: string; email: string } | null>`(SELECT json_build_object('name',
          coalesce(nullif(trim(concat_ws(' ', cp.first_name, cp.last_name)), ''), cu.name), 'email', cu.email)
        FROM "user" cu LEFT JOIN profiles cp ON cp.user_id = cu.id
        WHERE cu.id = ${contactPersonId} AND EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = cu.id))`,
      sessions: sql<SessionJson[] | null>`(SELECT json_agg(json_build_object('id', s.id, 'user_agent', s.user_agent, 'ip_address', s.ip_address,
          'created_at', s.created_at, 'updated_at', s.updated_at))
        FROM session s WHERE s.user_id = ${member} AND s.expires_at > ${now})`,
      // The perks' own cap (a member holds a handful) and order: see perks.server.ts.
      perks: sql<PerkJson[] | null>`(SELECT json_agg(p ORDER BY p.starts_at, p.created_at) FROM (
          SELECT * FROM member_perks m WHERE m.user_id = ${member} AND m.consumed_at IS NULL
            AND (m.expires_at IS NULL OR m.expires_at > ${now}) ORDER BY m.starts_at, m.created_at LIMIT 100) p)`,
      // The latest data export, without its archive (decision 048).
      dataExport: sql<DataExportRow | null>`(SELECT json_build_object('id', x.id, 'status', x.status, 'created_at', x.created_at,
          'ready_at', x.ready_at, 'expires_at', x.expires_at, 'size_bytes', x.size_bytes)
        FROM data_exports x WHERE x.user_id = ${member} ORDER BY x.created_at DESC, x.id DESC LIMIT 1)`,
      // This month's giveaways (Stockholm time): a handful; which the member's level may win is decided by the caller.
      giveaways: sql<GiveawayJson[] | null>`(SELECT json_agg(g ORDER BY g.created_at DESC) FROM (
          SELECT * FROM giveaways WHERE month = ${stockholmMonth(now)} ORDER BY created_at DESC LIMIT 100) g)`,
    })
    .from(profiles)
    .where(eq(profiles.user_id, userId))
    .limit(1);
  if (!row) return null;
  return {
    profile: row.profile,
    roles: row.roles ?? [],
    newsletter: row.newsletter ?? NEWSLETTER_DEFAULTS,
    passwordSet: Boolean(row.passwordSet),
    twoFactorEnabled: Boolean(row.twoFactorEnabled),
    contactPerson: row.contactPerson,
    /** Masked only (docs/rules/selling.md#payout-details). */
    payoutDetails: row.payout ? toPayoutDetailsSummary(row.payout) : null,
    /** Sealed except the masked personnummer and birth date; opened by the profile page. */
    identity: row.identity,
    sessions: (row.sessions ?? []).map((s) => ({
      id: s.id,
      userAgent: s.user_agent,
      ipAddress: s.ip_address,
      createdAt: new Date(s.created_at),
      updatedAt: new Date(s.updated_at),
    })),
    perks: (row.perks ?? []).map(
      (p): Perk => ({
        id: p.id,
        kind: p.kind as PerkKind,
        multiplier: p.multiplier,
        bonusPercent: p.bonus_percent,
        level: p.level as LevelId | null,
        startsAt: new Date(p.starts_at),
        expiresAt: toDate(p.expires_at),
        consumedAt: toDate(p.consumed_at),
      }),
    ),
    dataExport: row.dataExport,
    giveaways: (row.giveaways ?? []).map((g) => ({
      id: g.id,
      title: g.title,
      prize: g.prize,
      eligibleLevels: g.eligible_levels,
      drawn: g.drawn_at !== null,
      winnerUserId: g.winner_user_id,
    })),
  };
}

export type MemberAccount = NonNullable<Awaited<ReturnType<typeof readAccount>>>;

const readsByRequest = new WeakMap<Request, Promise<MemberAccount | null>>();

/**
 * The member's account for this request, read once whoever asks first (the root loader or the
 * page's); null when the account has no profile row. A failed read is not remembered.
 */
export function memberAccount(request: Request, db: Db, userId: string): Promise<MemberAccount | null> {
  let read = readsByRequest.get(request);
  if (!read) {
    read = readAccount(db, userId, new Date());
    readsByRequest.set(request, read);
    read.catch(() => readsByRequest.delete(request));
  }
  return read;
}

/** Forgets this request's read (after the page itself created the missing profile). */
export function forgetMemberAccount(request: Request): void {
  readsByRequest.delete(request);
}
