/**
 * /profile's loader and action glue: authenticate, validate with the shared schemas, call
 * the account services, map results to the page. Everything acts on the session's own user.
 * The parts other areas own come from their modules: the loyalty view (one page of each
 * history, the pages from the URL), the referral forms and the payout-details form.
 */
import { openIdentityView } from "~/modules/identity/bankid.server";
import { payoutKeyring } from "~/modules/selling/payout-encryption.server";
import { data } from "react-router";
import { badRequest, notFound, readInput, typedValues, validate } from "~/lib/http.server";
import { INPUT_MESSAGES } from "~/lib/validation";
import { handleAccountDeletion } from "~/modules/accounts/account-deletion-page.server";
import { auth } from "~/modules/accounts/auth.server";
import { deviceLabel } from "~/modules/accounts/device-label";
import { forgetMemberAccount, memberAccount } from "~/modules/accounts/member-account.server";
import {
  saveNewsletterSettings,
  SmsNeedsPhoneError,
  updateOwnProfile,
} from "~/modules/accounts/profile-account.server";
import { isNewUserProfile } from "~/modules/accounts/profile-rules";
import { newsletterSettingsSchema, profileUpdateSchema, SMS_NEEDS_PHONE } from "~/modules/accounts/profile-schema";
import { createProfileForNewUser } from "~/modules/accounts/profiles.server";
import { handleDataExportRequest } from "~/modules/accounts/data-export-page.server";
import { dataExportView } from "~/modules/accounts/data-export-rules";
import { requireUser } from "~/modules/accounts/session.server";
import { isBeyondAbsoluteLifetime } from "~/modules/accounts/session-policy";
import { STEAM_LINK_MESSAGES, type SteamLinkOutcome } from "~/modules/accounts/steam-link.server";
import { giveawaysForMember } from "~/modules/loyalty/giveaways.server";
import { loadMemberLoyalty } from "~/modules/loyalty/member-loyalty-page.server";
import { parseProfileView } from "~/modules/loyalty/profile-view";
import { handleReferralCodeAction } from "~/modules/referrals/referral-code-page.server";
import { memberReferralView } from "~/modules/referrals/referrals.server";
import { handlePayoutDetailsChange } from "~/modules/selling/payout-details-page.server";
import { sellerRequirementsOf } from "~/modules/selling/seller-requirements.server";
import { handlePasswordChange, handlePasswordSet } from "~/modules/accounts/password-change.server";
import { config } from "~/platform/config.server";
import { db } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";
import { deliverQueuedMail, enqueueMail } from "~/platform/mail/mail-queue.server";

const PROFILE_UPDATE_FAILED = "Kunde inte uppdatera profil. Försök igen.";
const PROFILE_NOT_FOUND = "Profile not found";

function steamLinkNotice(value: string | null): { ok: boolean; message: string } | null {
  if (!value || !Object.hasOwn(STEAM_LINK_MESSAGES, value)) return null;
  return { ok: value === "linked", message: STEAM_LINK_MESSAGES[value as SteamLinkOutcome] };
}

export async function loadProfilePage(request: Request) {
  const current = await requireUser(request);
  const userId = current.user.id;
  // The request's one account read, shared with the root loader.
  let account = await memberAccount(request, db(), userId);
  // The profile is written by Better Auth's user-create hook after the account's own
  // transaction; should that write have failed, the account gets a blank one here and is
  // asked to complete it (docs/rules/accounts.md#profiles: a missing profile counts as new).
  if (!account) {
    await createProfileForNewUser(db(), current.user);
    forgetMemberAccount(request);
    account = await memberAccount(request, db(), userId);
  }
  if (!account) throw notFound(PROFILE_NOT_FOUND);
  const { profile, newsletter, contactPerson, payoutDetails, passwordSet } = account;

  const url = new URL(request.url);
  const view = parseProfileView(url.searchParams);
  const now = new Date();
  const [loyalty, referral, selling] = await Promise.all([
    loadMemberLoyalty(db(), userId, view.pages, now, { points: profile.points, xp: profile.xp, perks: account.perks }),
    memberReferralView(db(), userId),
    sellerRequirementsOf({
      steamId: profile.steam_id,
      tradeLink: profile.steam_trade_link,
      payout: payoutDetails,
      verifiedBirthDate: account.identity?.birthDate ?? null,
    }),
  ]);
  if (!loyalty) throw notFound(PROFILE_NOT_FOUND);
  const giveaways = giveawaysForMember(account.giveaways, userId, loyalty.xp);
  const sessions = account.sessions.filter((session) => !isBeyondAbsoluteLifetime(session.createdAt));

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
    loyalty,
    giveaways,
    referral,
    /** Masked only (docs/rules/selling.md#payout-details). */
    payoutDetails,
    /** The BankID identity: name, masked personnummer, time (decision 044). */
    identity: account.identity ? openIdentityView(payoutKeyring(), userId, account.identity) : null,
    /** Accounts without a password confirm a change with a recent Steam or Google sign-in. */
    passwordSet,
    /** Two-factor sign-in is on (decision 046); optional for members. */
    twoFactorEnabled: account.twoFactorEnabled,
    selling,
    /** What "Koppla Steam" came back with (docs/rules/selling.md#linking-steam). */
    steamLink: steamLinkNotice(url.searchParams.get("steam")),
    newsletter,
    /** The latest "Ladda ner mina uppgifter" (decision 048), without the archive. */
    dataExport: dataExportView(account.dataExport, now),
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

export type ProfileIntent =
  | "profile"
  | "newsletter"
  | "revoke-others"
  | "referral-create"
  | "referral-enter"
  | "payout-details"
  | "password-change"
  | "password-set"
  | "data-export"
  | "delete-account";

export async function handleProfileAction(request: Request) {
  const current = await requireUser(request);
  const userId = current.user.id;
  const input = await readInput(request);
  if (!input.ok) return input.response;
  const intent = input.data.intent;

  try {
    if (intent === "profile") {
      const parsed = validate(input.data, profileUpdateSchema, { intent, values: typedValues(input.data) });
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
        // The address being replaced hears of it (the queue never mails a Steam placeholder).
        const notice = await enqueueMail(db(), {
          to: current.user.email,
          template: "emailChangeRequested",
          data: { name: current.user.name, newEmail: email, profileUrl: `${config().PUBLIC_URL}/profile#sakerhet` },
        });
        await deliverQueuedMail(db(), [notice]);
      }
      return { ok: true as const, intent, emailPending };
    }
    if (intent === "newsletter") {
      const parsed = validate(input.data, newsletterSettingsSchema, { intent });
      if (!parsed.ok) return parsed.response;
      try {
        await saveNewsletterSettings(db(), userId, parsed.data);
      } catch (error) {
        if (error instanceof SmsNeedsPhoneError) return badRequest(SMS_NEEDS_PHONE, { phone_subscribed: SMS_NEEDS_PHONE }, { intent });
        throw error;
      }
      return { ok: true as const, intent };
    }
    if (intent === "referral-create" || intent === "referral-enter") {
      return await handleReferralCodeAction(userId, intent, input.data);
    }
    if (intent === "payout-details") {
      return await handlePayoutDetailsChange(request, current.user.id, current.session.id, input.data);
    }
    if (intent === "password-change") return await handlePasswordChange(request, current, input.data);
    if (intent === "password-set") return await handlePasswordSet(request, current, input.data);
    if (intent === "data-export") {
      return await handleDataExportRequest(userId, input.data);
    }
    if (intent === "delete-account") {
      return await handleAccountDeletion(request, current, input.data);
    }
    if (intent === "revoke-others") {
      await auth().api.revokeOtherSessions({ headers: request.headers });
      return { ok: true as const, intent };
    }
  } catch (error) {
    logger.error({ err: error, intent }, "profile update failed");
    // With the form's intent, so a page posted without JavaScript shows it by that form.
    const extras = typeof intent === "string" ? { intent } : {};
    return data({ ok: false as const, ...extras, message: PROFILE_UPDATE_FAILED }, { status: 500 });
  }
  return badRequest(INPUT_MESSAGES.badRequest);
}
