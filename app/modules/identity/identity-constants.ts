/** BankID identity (decision 044): the limits and the words of one place. */

/** Why a BankID order was started: verifying a signed-in member, or signing in. */
/** verify: store who the member is; signin: sign in as the member verified; stepup: confirm it is still them (decision 046). */
export const BANKID_ORDER_PURPOSES = ["verify", "signin", "stepup"] as const;
export type BankIdOrderPurpose = (typeof BANKID_ORDER_PURPOSES)[number];

/** An order's state with us: pending until BankID answers complete or failed, or the member cancels. */
export const BANKID_ORDER_STATUSES = ["pending", "complete", "failed", "cancelled"] as const;
export type BankIdOrderStatus = (typeof BANKID_ORDER_STATUSES)[number];

/** How the member opens BankID: the launch link on this device, or the QR code on another. */
export const BANKID_FLOWS = ["this_device", "qr"] as const;

export const BANKID_RULES = {
  /** BankID asks relying parties to call collect no more often than every two seconds. */
  collectIntervalMs: 2_000,
  /** The browser asks for a new QR code and the hint about once a second. */
  pollIntervalMs: 1_000,
  /**
   * An order we still hold as pending this long after it started is over for us (BankID ends its
   * own orders sooner, with expiredTransaction): it is cancelled and read as expired.
   */
  orderLifetimeMs: 5 * 60_000,
  /** The HttpOnly cookie that ties an order to the browser that started it. */
  bindingCookie: "bankid_binding",
  /** Bytes of the browser-binding secret. */
  bindingSecretBytes: 32,
  /** Orders kept this long after they started (then deleted by the cleanup). */
  keepOrdersMs: 24 * 60 * 60_000,
} as const;

export const IDENTITY_MESSAGES = {
  title: "Verifiera med BankID",
  alreadyVerifiedElsewhere:
    "Det här BankID:t är redan kopplat till ett annat konto hos Skinhamnen. En person kan bara ha ett säljkonto. Kontakta oss om du inte känner igen det.",
  orderUnknown: "Vi hittar ingen pågående BankID-identifiering. Starta en ny.",
  orderFinished: "Den här BankID-identifieringen är redan avslutad. Starta en ny om du vill försöka igen.",
  bindingMissing: "Identifieringen startades i en annan webbläsare. Starta en ny här.",
  verified: "Du är verifierad med BankID.",
  stepUpNotVerified: "Verifiera dig med BankID under Min profil först, eller bekräfta på annat sätt.",
  stepUpOtherPerson: "BankID:t hör till en annan person än den som är verifierad på kontot.",
  stepUpDone: "Bekräftat. Vi skickar dig vidare …",
  notVerifiedSignIn: "Inget konto hos Skinhamnen är verifierat med det här BankID:t. Logga in på annat sätt och verifiera dig under Min profil.",
  underAge: (age: number) => `Du måste ha fyllt ${age} år för att sälja till Skinhamnen.`,
  verificationRequired: "Verifiera dig med BankID innan du säljer.",
  /** The order page of a seller not verified (an order from before the rule): the payout waits. */
  payoutAwaitsVerification: "Utbetalningen väntar tills du har verifierat dig med BankID under Min profil.",
} as const;
