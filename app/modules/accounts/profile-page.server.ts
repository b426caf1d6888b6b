/**
 * /profile's loader and action glue: authenticate, validate with the shared schemas, call
 * the account and loyalty services, map results to the page. Everything acts on the
 * session's own user. The loyalty histories read one page each (the pages come from the URL).
 */
import { data } from "react-router";
import { badRequest, readInput, tooManyRequests, validate } from "~/lib/http.server";
import { INPUT_MESSAGES } from "~/lib/validation";
import { auth } from "~/modules/accounts/auth.server";
import { deviceLabel } from "~/modules/accounts/device-label";
import {
  getNewsletterSettings,
  saveNewsletterSettings,
  SmsNeedsPhoneError,
  updateOwnProfile,
} from "~/modules/accounts/profile-account.server";
import { isNewUserProfile } from "~/modules/accounts/profile-rules";
import { newsletterSettingsSchema, profileUpdateSchema, SMS_NEEDS_PHONE } from "~/modules/accounts/profile-schema";
import { createProfileForNewUser, getProfile } from "~/modules/accounts/profiles.server";
import { listActiveSessions, requireUser } from "~/modules/accounts/session.server";
import { getContactPerson } from "~/modules/accounts/member-admin.server";
import { memberGiveaways } from "~/modules/loyalty/giveaways.server";
import { loadProfileLoyalty, type ProfileLoyalty } from "~/modules/loyalty/profile-loyalty.server";
import { ledgerReasonLabel, parseProfileView } from "~/modules/loyalty/profile-view";
import {
  createReferralCodeSchema,
  enterReferralCodeSchema,
  REFERRAL_MESSAGES,
  REFERRAL_OUTCOME_MESSAGES,
} from "~/modules/referrals/referral-code";
import {
  createReferralCode,
  enterReferralCode,
  memberReferralView,
  ReferralLookupError,
} from "~/modules/referrals/referrals.server";
import { REFERRAL_CODE_RATE_LIMIT } from "~/constants";
import { changePayoutDetails, getPayoutDetailsSummary, hasPassword, isRecentSignIn } from "~/modules/selling/payout-details.server";
import { payoutKeyring } from "~/modules/selling/payout-encryption.server";
import { PAYOUT_MESSAGES, payoutDetailsSchema } from "~/modules/selling/payout-rules";
import { sellerRequirements } from "~/modules/selling/seller-requirements.server";
import { CLIENT_IP_HEADER } from "~/modules/accounts/session-policy";
import { STEAM_LINK_MESSAGES, type SteamLinkOutcome } from "~/modules/accounts/steam-link.server";
import { db } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";
import { consumeRateLimit } from "~/platform/rate-limit/rate-limiter.server";

const PROFILE_UPDATE_FAILED = "Kunde inte uppdatera profil. Försök igen.";
const PROFILE_NOT_FOUND = "Profile not found";

function steamLinkNotice(value: string | null): { ok: boolean; message: string } | null {
  if (!value || !Object.hasOwn(STEAM_LINK_MESSAGES, value)) return null;
  return { ok: value === "linked", message: STEAM_LINK_MESSAGES[value as SteamLinkOutcome] };
}

export async function loadProfilePage(request: Request) {
  const current = await requireUser(request);
  const userId = current.user.id;
  const [existingProfile, newsletter, sessions, contactPerson] = await Promise.all([
    getProfile(db(), userId),
    getNewsletterSettings(db(), userId),
    listActiveSessions(userId),
    getContactPerson(db(), userId),
  ]);
  // The profile is written by Better Auth's user-create hook after the account's own
  // transaction; should that write have failed, the account gets a blank one here and is
  // asked to complete it (docs/rules/accounts.md#profiles: a missing profile counts as new).
  let profile = existingProfile;
  if (!profile) {
    await createProfileForNewUser(db(), current.user);
    profile = await getProfile(db(), userId);
  }
  if (!profile) throw data({ message: PROFILE_NOT_FOUND }, { status: 404 });

  const url = new URL(request.url);
  const view = parseProfileView(url.searchParams);
  const loyalty = await loadProfileLoyalty(db(), userId, {
    points: view.pages.poang,
    xp: view.pages.xp,
    trades: view.pages.affarer,
    orders: view.pages.ordrar,
  });
  if (!loyalty) throw data({ message: PROFILE_NOT_FOUND }, { status: 404 });
  const [giveaways, referral, payoutDetails, selling, passwordSet] = await Promise.all([
    memberGiveaways(db(), userId, loyalty.summary.xp),
    memberReferralView(db(), userId),
    getPayoutDetailsSummary(db(), userId),
    sellerRequirements(db(), userId),
    hasPassword(db(), userId),
  ]);

  const completing = url.searchParams.get("complete") === "1" || isNewUserProfile(profile);
  const name =
    profile.display_name?.trim() ||
    [profile.first_name, profile.last_name].filter(Boolean).join(" ").trim() ||
    current.user.name.trim() ||
    null;
  return {
    completing,
    profile: {
      name,
      firstName: profile.first_name ?? "",
      lastName: profile.last_name ?? "",
      phoneNumber: profile.phone_number ?? "",
      steamTradeLink: profile.steam_trade_link ?? "",
      // A placeholder address is ours, not the member's: never shown as theirs.
      email: profile.email_is_placeholder ? null : current.user.email,
      emailIsPlaceholder: profile.email_is_placeholder,
      avatarUrl: profile.avatar_url,
      steamLinked: Boolean(profile.steam_id),
    },
    view,
    /** A Platinum member's named contact person (docs/rules/admin.md#users). */
    contactPerson,
    loyalty: memberLoyalty(loyalty),
    giveaways,
    referral,
    /** Masked only (docs/rules/selling.md#payout-details). */
    payoutDetails,
    /** Accounts without a password confirm a change with a recent Steam or Google sign-in. */
    passwordSet,
    selling,
    /** What "Koppla Steam" came back with (docs/rules/selling.md#linking-steam). */
    steamLink: steamLinkNotice(url.searchParams.get("steam")),
    newsletter,
    sessions: sessions
      .map((session) => ({
        id: session.id,
        device: deviceLabel(session.userAgent),
        ipAddress: session.ipAddress || null,
        lastActive: new Date(session.updatedAt).toISOString(),
        current: session.id === current.session.id,
      }))
      .sort((a, b) => Number(b.current) - Number(a.current) || b.lastActive.localeCompare(a.lastActive)),
  };
}

/**
 * What the member sees of their loyalty data: their own numbers, perks and histories, but
 * not the staff side of a trade (who recorded it, the internal note).
 */
function memberLoyalty(loyalty: ProfileLoyalty) {
  const { summary } = loyalty;
  const ledgerPage = (history: ProfileLoyalty["pointsHistory"]) => ({
    page: history.page,
    hasMore: history.hasMore,
    entries: history.entries.map((entry) => ({
      id: entry.id,
      amount: entry.amount,
      reason: ledgerReasonLabel(entry.reason),
      createdAt: entry.createdAt,
    })),
  });
  return {
    points: summary.points,
    xp: summary.xp,
    effectiveLevelId: summary.effectiveLevel.id,
    pointsMultiplier: summary.pointsMultiplier,
    statistics: summary.statistics,
    perks: summary.perks.map((perk) => ({
      id: perk.id,
      kind: perk.kind,
      label: perk.label,
      startsAt: perk.startsAt,
      expiresAt: perk.expiresAt,
      active: perk.active,
    })),
    pointsHistory: ledgerPage(loyalty.pointsHistory),
    xpHistory: ledgerPage(loyalty.xpHistory),
    trades: {
      page: loyalty.trades.page,
      hasMore: loyalty.trades.hasMore,
      entries: loyalty.trades.trades.map((trade) => ({
        id: trade.id,
        type: trade.type,
        status: trade.status,
        createdAt: trade.createdAt,
        completedAt: trade.completedAt,
        baseTotalOre: trade.baseTotalOre,
        levelBonusPercent: trade.levelBonusPercent,
        levelBonusOre: trade.levelBonusOre,
        bulkBonusPercent: trade.bulkBonusPercent,
        bulkBonusOre: trade.bulkBonusOre,
        perkBonusPercent: trade.perkBonusPercent,
        perkBonusOre: trade.perkBonusOre,
        purchaseFeePercent: trade.purchaseFeePercent,
        purchaseFeeOre: trade.purchaseFeeOre,
        totalOre: trade.totalOre,
        pointsCredited: trade.pointsCredited,
        xpCredited: trade.xpCredited,
        pointsMultiplier: trade.pointsMultiplier,
        payoutMethod: trade.payoutMethod,
        paymentMethod: trade.paymentMethod,
        items: trade.items.map((item) => ({
          id: item.id,
          skinName: item.skinName,
          wear: item.wear,
          floatValue: item.floatValue,
          variant: item.variant,
          priceOre: item.priceOre,
        })),
      })),
    },
    orders: {
      page: loyalty.orders.page,
      hasMore: loyalty.orders.hasMore,
      entries: loyalty.orders.orders.map((order) => ({
        id: order.id,
        itemName: order.itemName,
        pointsSpent: order.pointsSpent,
        status: order.status,
        createdAt: order.createdAt,
      })),
    },
  };
}

export type MemberLoyalty = ReturnType<typeof memberLoyalty>;

export type ProfileIntent =
  | "profile"
  | "newsletter"
  | "revoke-others"
  | "referral-create"
  | "referral-enter"
  | "payout-details";

export async function handleProfileAction(request: Request) {
  const current = await requireUser(request);
  const userId = current.user.id;
  const input = await readInput(request);
  if (!input.ok) return input.response;
  const intent = input.data.intent;

  try {
    if (intent === "profile") {
      const parsed = validate(input.data, profileUpdateSchema, { intent });
      if (!parsed.ok) return parsed.response;
      const { email, ...fields } = parsed.data;
      await updateOwnProfile(db(), userId, fields);
      let emailPending: string | null = null;
      if (email && email !== current.user.email.toLowerCase()) {
        // Better Auth mails a link to the new address; it replaces the old one only when confirmed.
        await auth().api.changeEmail({
          body: { newEmail: email, callbackURL: "/profile?message=email-confirmed" },
          headers: request.headers,
        });
        emailPending = email;
      }
      return { ok: true as const, intent, emailPending };
    }
    if (intent === "newsletter") {
      const parsed = validate(input.data, newsletterSettingsSchema, { intent });
      if (!parsed.ok) return parsed.response;
      try {
        await saveNewsletterSettings(db(), userId, parsed.data);
      } catch (error) {
        if (error instanceof SmsNeedsPhoneError) return badRequest(SMS_NEEDS_PHONE, { phone_subscribed: SMS_NEEDS_PHONE });
        throw error;
      }
      return { ok: true as const, intent };
    }
    if (intent === "referral-create" || intent === "referral-enter") {
      return await referralAction(userId, intent, input.data);
    }
    if (intent === "payout-details") {
      return await payoutDetailsAction(request, current.user.id, current.session.id, input.data);
    }
    if (intent === "revoke-others") {
      await auth().api.revokeOtherSessions({ headers: request.headers });
      return { ok: true as const, intent };
    }
  } catch (error) {
    logger.error({ err: error, intent }, "profile update failed");
    return data({ ok: false as const, message: PROFILE_UPDATE_FAILED }, { status: 500 });
  }
  return badRequest(INPUT_MESSAGES.badRequest);
}

const PAYOUT_RECENT_SIGN_IN =
  "Logga in med Steam eller Google igen (högst 10 minuter före ändringen) för att ändra utbetalningsuppgifterna.";
const PAYOUT_WRONG_PASSWORD = "Fel lösenord.";

/**
 * docs/rules/selling.md#changing-payout-details: validated with the shared schema, confirmed by
 * the password (rate-limited like every password check) or a sign-in within 10 minutes for an
 * account without one. Neither the details nor the password are ever logged or echoed.
 */
async function payoutDetailsAction(request: Request, userId: string, sessionId: string, input: Record<string, unknown>) {
  const extras = { intent: "payout-details" as const };
  const parsed = validate(input, payoutDetailsSchema(), extras);
  if (!parsed.ok) return parsed.response;
  const { details, password } = parsed.data;
  let confirmedBy: "password" | "recent_sign_in";
  if (await hasPassword(db(), userId)) {
    if (!password) return badRequest(PAYOUT_MESSAGES.passwordRequired, { password: PAYOUT_MESSAGES.passwordRequired }, extras);
    try {
      await auth().api.verifyPassword({ body: { password }, headers: request.headers });
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (status === 429) {
        const retry = Number(new Headers((error as { headers?: HeadersInit }).headers).get("Retry-After") ?? "60");
        return tooManyRequests({ retryAfterSeconds: Number.isFinite(retry) ? retry : 60 }, extras);
      }
      if (status === 400 || status === 401) {
        return data({ ok: false as const, ...extras, message: PAYOUT_WRONG_PASSWORD, fieldErrors: { password: PAYOUT_WRONG_PASSWORD } }, { status: 403 });
      }
      throw error;
    }
    confirmedBy = "password";
  } else {
    if (!(await isRecentSignIn(db(), sessionId))) {
      return data({ ok: false as const, ...extras, message: PAYOUT_RECENT_SIGN_IN, reauthenticate: true }, { status: 403 });
    }
    confirmedBy = "recent_sign_in";
  }
  const result = await changePayoutDetails(db(), payoutKeyring(), {
    userId,
    details,
    confirmedBy,
    ipAddress: request.headers.get(CLIENT_IP_HEADER),
    userAgent: request.headers.get("user-agent"),
  });
  return { ok: true as const, ...extras, summary: result.summary };
}

/**
 * Creating the member's own code and entering a friend's (docs/rules/loyalty.md#referrals):
 * each answer carries the spec's text, or the true one for a held, capped or influencer case.
 */
async function referralAction(userId: string, intent: "referral-create" | "referral-enter", input: Record<string, unknown>) {
  const extras = { intent };
  const schema = intent === "referral-create" ? createReferralCodeSchema : enterReferralCodeSchema;
  const parsed = validate(input, schema, extras);
  if (!parsed.ok) return parsed.response;
  // Refused attempts count too: guessing codes is slow.
  const limit = await consumeRateLimit(db(), REFERRAL_CODE_RATE_LIMIT, "user", userId);
  if (!limit.allowed) return tooManyRequests(limit, extras);
  if (intent === "referral-create") {
    const created = await createReferralCode(db(), userId, parsed.data.code);
    if (!created.ok) return data({ ok: false as const, intent, message: created.message }, { status: 409 });
    return { ok: true as const, intent, message: REFERRAL_MESSAGES.created };
  }
  try {
    const result = await enterReferralCode(db(), userId, parsed.data.code);
    if (!result.ok) {
      const status = result.reason === "no_profile" ? 404 : result.reason === "invalid" ? 400 : 409;
      return data({ ok: false as const, intent, message: result.message }, { status });
    }
    return { ok: true as const, intent, message: REFERRAL_OUTCOME_MESSAGES[result.outcome], outcome: result.outcome };
  } catch (error) {
    logger.error({ err: error }, "referral code not entered");
    const message = error instanceof ReferralLookupError ? REFERRAL_MESSAGES.validation : REFERRAL_MESSAGES.unexpected;
    return data({ ok: false as const, intent, message }, { status: 500 });
  }
}
