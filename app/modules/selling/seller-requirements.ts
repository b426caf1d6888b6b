/**
 * What a member needs before selling (docs/rules/selling.md#seller-requirements), as a pure
 * checklist: each requirement met or not, with its Swedish explanation and the fix. The facts
 * are gathered by seller-requirements.server.ts.
 */
import { PAYOUT_DETAILS_RULES, STEAM_TRADE_HOLD } from "~/modules/selling/selling-constants";
import { hasTurned } from "~/modules/identity/personnummer";
import { PAYOUT_MESSAGES } from "~/modules/selling/payout-rules";
import { parseSteamTradeLink } from "~/modules/accounts/contact-details";
import { formatLongDateTime } from "~/lib/format";
import { steamId64FromAccountId } from "~/modules/selling/steam-profile-input";

export type RequirementId = "signed_in" | "bankid" | "steam_linked" | "trade_link" | "trade_hold" | "payout_details";
/** met; missing (the member can fix it); waiting (it resolves by itself); unknown (we could not check). */
export type RequirementState = "met" | "missing" | "waiting" | "unknown";

export interface Requirement {
  id: RequirementId;
  title: string;
  state: RequirementState;
  /** Why it is not met (absent when met). */
  explanation?: string;
  fix?: { label: string; href: string; external?: boolean; document?: boolean };
}

export interface SellerChecklist {
  /** Every requirement met (new payout details may still be in their wait): the member may accept a quote. */
  ready: boolean;
  /** Every requirement but BankID met: the member may ask for a quote (and see it). */
  readyToQuote: boolean;
  requirements: Requirement[];
}

export type TradeHoldFact =
  | { status: "none" }
  | { status: "hold"; days: number }
  | { status: "unknown" }
  /** Not asked: the trade link is missing or does not match the Steam account. */
  | { status: "not_checked" };

export interface SellerFacts {
  signedIn: boolean;
  /** The linked Steam account's SteamID64, if any. */
  steamId: string | null;
  tradeLink: string | null;
  tradeHold: TradeHoldFact;
  payout: { usable: boolean; usableAt: string; renewalRequired?: boolean } | null;
  /** The birth date BankID proved (YYYY-MM-DD), or null when the member has not verified. */
  verifiedBirthDate: string | null;
  /** Stockholm's date the age is counted on (YYYY-MM-DD). */
  today: string;
}

export const PROFILE_FIELDS = {
  bankid: "/profile#bankid",
  tradeLink: "/profile#redigera-profil",
  payout: "/profile#utbetalning",
} as const;

/** The trade link's SteamID64 and token when the link is valid, else null. */
export function tradeLinkTarget(link: string | null): { steamId64: string; token: string } | null {
  const parsed = link ? parseSteamTradeLink(link) : null;
  return parsed ? { steamId64: steamId64FromAccountId(parsed.partner), token: parsed.token } : null;
}

/** Sellers are adults (decision 044): the same age as for payouts. */
const SELLER_MINIMUM_AGE = PAYOUT_DETAILS_RULES.minimumAge;

const REQUIREMENT_TEXTS = {
  signedIn: "Du måste vara inloggad för att sälja.",
  bankidMissing: "Verifiera dig med BankID innan du säljer. En person kan ha ett säljkonto.",
  bankidUnderAge: `Du måste ha fyllt ${SELLER_MINIMUM_AGE} år för att sälja till Skinhamnen.`,
  steamLinked:
    "Ditt konto är inte kopplat till ett Steam-konto. Koppla det här: du loggar in hos Steam och kommer tillbaka hit.",
  tradeLinkMissing: "Lägg till din Steam trade-länk i profilen så att vi kan skicka trade-erbjudandet.",
  tradeLinkInvalid: "Trade-länken är inte giltig. Kopiera den på nytt från Steam.",
  tradeLinkMismatch: "Trade-länken hör till ett annat Steam-konto än det du är inloggad med. Kopiera länken från rätt konto.",
  tradeHoldBlocked: "Kontrolleras när trade-länken stämmer med ditt Steam-konto.",
  tradeHold: (days: number) =>
    `Steam skulle hålla kvar dina trades i ${days} ${days === 1 ? "dag" : "dagar"}. Det betyder att Steam Guard Mobile Authenticator inte är aktiverat: slå på det i Steam-appen och vänta tills spärren har släppt.`,
  tradeHoldUnknown: "Vi kunde inte kontrollera trade-spärren hos Steam just nu. Försök igen om en stund.",
  payoutMissing: "Lägg till hur du vill få betalt: Swish, bankkonto eller krypto.",
  payoutWaiting: (usableAt: string) =>
    `Du kan sälja redan nu. Utbetalningar till dina nya uppgifter görs tidigast ${formatLongDateTime(usableAt)} (24 timmars väntetid som skydd för ditt konto).`,
} as const;

export function sellerChecklist(facts: SellerFacts): SellerChecklist {
  const requirements: Requirement[] = [];
  requirements.push(
    facts.signedIn
      ? { id: "signed_in", title: "Inloggad", state: "met" }
      : {
          id: "signed_in",
          title: "Inloggad",
          state: "missing",
          explanation: REQUIREMENT_TEXTS.signedIn,
          fix: { label: "Logga in", href: "/auth?redirectTo=%2Fprofile" },
        },
  );
  // The BankID step first (docs/decisions/044): a verified adult.
  const bankidTitle = "Verifierad med BankID";
  if (!facts.verifiedBirthDate) {
    requirements.push({
      id: "bankid",
      title: bankidTitle,
      state: "missing",
      explanation: REQUIREMENT_TEXTS.bankidMissing,
      fix: { label: "Verifiera med BankID", href: PROFILE_FIELDS.bankid },
    });
  } else if (!hasTurned(facts.verifiedBirthDate, facts.today, SELLER_MINIMUM_AGE)) {
    requirements.push({ id: "bankid", title: bankidTitle, state: "missing", explanation: REQUIREMENT_TEXTS.bankidUnderAge });
  } else {
    requirements.push({ id: "bankid", title: bankidTitle, state: "met" });
  }
  requirements.push(
    facts.steamId
      ? { id: "steam_linked", title: "Steam-konto kopplat", state: "met" }
      : {
          id: "steam_linked",
          title: "Steam-konto kopplat",
          state: "missing",
          explanation: REQUIREMENT_TEXTS.steamLinked,
          // docs/rules/selling.md#linking-steam
          fix: { label: "Koppla Steam", href: "/auth/steam/koppla", document: true },
        },
  );

  const target = tradeLinkTarget(facts.tradeLink);
  const tradeLinkOk = Boolean(target && facts.steamId && target.steamId64 === facts.steamId);
  const tradeLinkFix = { label: "Ange trade-länk i profilen", href: PROFILE_FIELDS.tradeLink };
  if (tradeLinkOk) requirements.push({ id: "trade_link", title: "Giltig trade-länk", state: "met" });
  else {
    const explanation = !facts.tradeLink
      ? REQUIREMENT_TEXTS.tradeLinkMissing
      : !target
        ? REQUIREMENT_TEXTS.tradeLinkInvalid
        : facts.steamId
          ? REQUIREMENT_TEXTS.tradeLinkMismatch
          : REQUIREMENT_TEXTS.tradeLinkMissing;
    requirements.push({ id: "trade_link", title: "Giltig trade-länk", state: "missing", explanation, fix: tradeLinkFix });
  }

  const holdTitle = "Ingen trade-spärr (Steam Guard Mobile Authenticator)";
  const steamHelp = { label: "Så aktiverar du Steam Guard", href: STEAM_TRADE_HOLD.helpUrl, external: true };
  const hold = tradeLinkOk ? facts.tradeHold : ({ status: "not_checked" } as const);
  switch (hold.status) {
    case "none":
      requirements.push({ id: "trade_hold", title: holdTitle, state: "met" });
      break;
    case "hold":
      requirements.push({ id: "trade_hold", title: holdTitle, state: "missing", explanation: REQUIREMENT_TEXTS.tradeHold(hold.days), fix: steamHelp });
      break;
    case "unknown":
      requirements.push({
        id: "trade_hold",
        title: holdTitle,
        state: "unknown",
        explanation: REQUIREMENT_TEXTS.tradeHoldUnknown,
        fix: { label: "Kontrollera igen", href: "/profile#salja" },
      });
      break;
    case "not_checked":
      requirements.push({ id: "trade_hold", title: holdTitle, state: "missing", explanation: REQUIREMENT_TEXTS.tradeHoldBlocked, fix: tradeLinkFix });
      break;
  }

  const payoutFix = { label: "Lägg till utbetalningsuppgifter", href: PROFILE_FIELDS.payout };
  if (!facts.payout) {
    requirements.push({ id: "payout_details", title: "Utbetalningsuppgifter", state: "missing", explanation: REQUIREMENT_TEXTS.payoutMissing, fix: payoutFix });
  } else if (facts.payout.renewalRequired) {
    requirements.push({
      id: "payout_details",
      title: "Utbetalningsuppgifter",
      state: "missing",
      explanation: PAYOUT_MESSAGES.renewalRequired,
      fix: { label: "Ändra utbetalningsuppgifter", href: PROFILE_FIELDS.payout },
    });
  } else if (!facts.payout.usable) {
    requirements.push({
      id: "payout_details",
      title: "Utbetalningsuppgifter",
      state: "waiting",
      explanation: REQUIREMENT_TEXTS.payoutWaiting(facts.payout.usableAt),
    });
  } else {
    requirements.push({ id: "payout_details", title: "Utbetalningsuppgifter", state: "met" });
  }

  // New payout details wait 24 hours before money goes to them, not before a quote or an order
  // (docs/rules/selling.md#payouts): "waiting" details do not hold the member back.
  const passes = (requirement: Requirement) => requirement.state === "met" || (requirement.id === "payout_details" && requirement.state === "waiting");
  return {
    ready: requirements.every(passes),
    readyToQuote: requirements.every((requirement) => requirement.id === "bankid" || passes(requirement)),
    requirements,
  };
}
