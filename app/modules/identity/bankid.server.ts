/**
 * Verifying a member, and signing in, with BankID (decision 044). An order is started with
 * `/auth`, kept in `bankid_orders` and answered to the browser that started it only: the
 * browser holds our order id and an HttpOnly binding secret whose hash is stored, and a verify
 * order also names its member. The QR data is derived on every poll from the sealed start secret
 * and the whole seconds since the order started; BankID's collect is asked at most every two
 * seconds (a claim on the row), and a finished order is never collected again.
 *
 * The personnummer leaves this module only sealed, as an HMAC or masked: never in a log line,
 * an error or an answer.
 */
import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { and, eq, inArray, lt, lte, or, isNull, sql } from "drizzle-orm";
import type { DomainFailure } from "~/lib/http.server";
import { stockholmDay } from "~/lib/stockholm-time";
import { openPayoutDetails, sealPayoutDetails, type PayoutKeyring } from "~/modules/selling/payout-encryption.server";
import { markSwishForRenewal } from "~/modules/selling/payout-details.server";
import { recordAudit } from "~/platform/audit/audit.server";
import type { Db, Tx } from "~/platform/db/client.server";
import { hasPgCode, PG_ERRORS } from "~/platform/db/errors";
import { bankid_orders, verified_identities } from "~/platform/db/schema";
import { logger } from "~/platform/logger.server";
import { errorMessage, failedMessage, pendingMessage, type BankIdFlow } from "./bankid-messages";
import { qrData } from "./bankid-qr";
import { BankIdError, type BankIdGateway, type BankIdUser } from "./bankid-gateway.server";
import { BANKID_RULES, IDENTITY_MESSAGES, type BankIdOrderPurpose } from "./identity-constants";
import { personnummerHmac, personnummerHmacs } from "./identity-keys.server";
import { maskPersonnummer, parsePersonnummer } from "./personnummer";

type Failure = DomainFailure;

/** What BankID shows in its app while the member identifies. */
const USER_VISIBLE_TEXT: Record<BankIdOrderPurpose, string> = {
  verify: "Verifiera dig hos Skinhamnen.",
  signin: "Logga in hos Skinhamnen.",
  stepup: "Bekräfta att det är du hos Skinhamnen.",
};

// ---------------------------------------------------------------------------
// The browser binding
// ---------------------------------------------------------------------------

function bindingHash(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("base64url");
}

function bindingMatches(secret: string, storedHash: string): boolean {
  const given = Buffer.from(bindingHash(secret));
  const stored = Buffer.from(storedHash);
  return given.length === stored.length && timingSafeEqual(given, stored);
}

// ---------------------------------------------------------------------------
// Starting an order
// ---------------------------------------------------------------------------

export interface StartedOrder {
  ok: true;
  /** Our id of the order: what the browser sends back (never BankID's orderRef). */
  orderId: string;
  autoStartToken: string;
  /** For the HttpOnly binding cookie; only its hash is stored. */
  bindingSecret: string;
}

export interface StartInput {
  purpose: BankIdOrderPurpose;
  /** The member verifying; null for a sign-in. */
  userId: string | null;
  flow: BankIdFlow;
  endUserIp: string;
}

/**
 * Starts a BankID order for this member (or sign-in) and this browser. The member's earlier
 * pending orders of the same purpose are cancelled first (best effort at BankID).
 */
export async function startBankIdOrder(
  db: Db,
  gateway: BankIdGateway,
  keyring: PayoutKeyring,
  input: StartInput,
): Promise<StartedOrder | Failure> {
  // A step-up confirms the person already verified on the account: there must be one.
  if (input.purpose === "stepup" && !(input.userId && (await isVerified(db, input.userId)))) {
    return { ok: false, code: "refused", message: IDENTITY_MESSAGES.stepUpNotVerified };
  }
  if (input.userId) await cancelEarlierOrders(db, gateway, input.userId, input.purpose);
  let order;
  try {
    order = await gateway.auth({ endUserIp: input.endUserIp, userVisibleData: USER_VISIBLE_TEXT[input.purpose] });
  } catch (error) {
    return bankIdFailure(error, "auth");
  }
  const orderId = randomUUID();
  const bindingSecret = randomBytes(BANKID_RULES.bindingSecretBytes).toString("base64url");
  const sealed = sealPayoutDetails(keyring, orderId, order.qrStartSecret);
  await db.insert(bankid_orders).values({
    id: orderId,
    order_ref: order.orderRef,
    user_id: input.userId,
    purpose: input.purpose,
    flow: input.flow,
    binding_hash: bindingHash(bindingSecret),
    qr_start_token: order.qrStartToken,
    qr_secret_key_id: sealed.keyId,
    qr_secret_ciphertext: sealed.ciphertext,
  });
  return { ok: true, orderId, autoStartToken: order.autoStartToken, bindingSecret };
}

async function cancelEarlierOrders(db: Db, gateway: BankIdGateway, userId: string, purpose: BankIdOrderPurpose): Promise<void> {
  const earlier = await db
    .update(bankid_orders)
    .set({ status: "cancelled", finished_at: sql`now()` })
    .where(and(eq(bankid_orders.user_id, userId), eq(bankid_orders.purpose, purpose), eq(bankid_orders.status, "pending")))
    .returning({ orderRef: bankid_orders.order_ref });
  await Promise.all(earlier.map((row) => cancelAtBankId(gateway, row.orderRef)));
}

async function cancelAtBankId(gateway: BankIdGateway, orderRef: string): Promise<void> {
  try {
    await gateway.cancel(orderRef);
  } catch (error) {
    // An order BankID already ended cannot be cancelled; nothing is left to do either way.
    logger.warn({ errorCode: error instanceof BankIdError ? error.errorCode : "unknown" }, "bankid cancel failed");
  }
}

/** A BankID error (or a transport failure) as the member's message: 503, nothing changed. */
function bankIdFailure(error: unknown, call: string): Failure {
  const errorCode = error instanceof BankIdError ? error.errorCode : "transport";
  logger.warn({ call, errorCode, status: error instanceof BankIdError ? error.status : null }, "bankid call failed");
  return { ok: false, code: "bankid", message: errorMessage(errorCode) };
}

// ---------------------------------------------------------------------------
// Finding the caller's order
// ---------------------------------------------------------------------------

export interface OrderAccess {
  orderId: string;
  purpose: BankIdOrderPurpose;
  /** The signed-in member, or null (a sign-in). */
  userId: string | null;
  bindingSecret: string;
}

const ORDER_COLUMNS = {
  id: bankid_orders.id,
  orderRef: bankid_orders.order_ref,
  userId: bankid_orders.user_id,
  flow: bankid_orders.flow,
  bindingHash: bankid_orders.binding_hash,
  qrStartToken: bankid_orders.qr_start_token,
  qrSecretKeyId: bankid_orders.qr_secret_key_id,
  qrSecretCiphertext: bankid_orders.qr_secret_ciphertext,
  status: bankid_orders.status,
  hintCode: bankid_orders.hint_code,
  elapsedMs: sql<number>`(extract(epoch from now() - ${bankid_orders.started_at}) * 1000)::float8`,
};

interface OrderRow {
  id: string;
  orderRef: string;
  userId: string | null;
  flow: string;
  bindingHash: string;
  qrStartToken: string;
  qrSecretKeyId: string;
  qrSecretCiphertext: string;
  status: string;
  hintCode: string | null;
  elapsedMs: number;
}

/**
 * The order when this browser (and, for a verify order, this member) started it. Any other
 * order, someone else's included, is "unknown": the answer does not tell that it exists.
 */
async function findOwnOrder(db: Db, access: OrderAccess): Promise<OrderRow | Failure> {
  const [row] = await db
    .select(ORDER_COLUMNS)
    .from(bankid_orders)
    .where(and(eq(bankid_orders.id, access.orderId), eq(bankid_orders.purpose, access.purpose)));
  const owner = access.purpose === "signin" ? row?.userId === null : row?.userId === access.userId;
  if (!row || !owner || !bindingMatches(access.bindingSecret, row.bindingHash)) {
    return { ok: false, code: "not_found", message: IDENTITY_MESSAGES.orderUnknown };
  }
  if (row.status !== "pending") return { ok: false, code: "gone", message: IDENTITY_MESSAGES.orderFinished };
  return row;
}

// ---------------------------------------------------------------------------
// Polling
// ---------------------------------------------------------------------------

export interface VerifiedIdentityView {
  name: string;
  maskedPersonnummer: string;
  verifiedAt: string;
}

export type PollResult =
  | { ok: true; status: "pending"; hintCode: string | null; message: string; qrData: string | null }
  | { ok: true; status: "failed"; hintCode: string; message: string }
  | { ok: true; status: "complete"; message: string; identity: VerifiedIdentityView; userId: string };

/**
 * One poll of the browser (about once a second): fresh QR data every time, BankID's collect
 * at most every two seconds. On `complete` a verify order stores the identity (or refuses a
 * person another member already verified); a sign-in order answers the member it belongs to.
 */
export async function pollBankIdOrder(
  db: Db,
  gateway: BankIdGateway,
  keyring: PayoutKeyring,
  access: OrderAccess,
): Promise<PollResult | Failure> {
  const order = await findOwnOrder(db, access);
  if ("ok" in order) return order;
  const flow = order.flow as BankIdFlow;

  if (order.elapsedMs > BANKID_RULES.orderLifetimeMs) {
    if (!(await finishOrder(db, order.id, "failed", "expiredTransaction"))) return finishedElsewhere();
    await cancelAtBankId(gateway, order.orderRef);
    return { ok: true, status: "failed", hintCode: "expiredTransaction", message: failedMessage("expiredTransaction", flow) };
  }

  const pendingAnswer = (hintCode: string | null): PollResult => ({
    ok: true,
    status: "pending",
    hintCode,
    message: pendingMessage(hintCode ?? "outstandingTransaction", flow),
    qrData: flow === "qr" ? currentQrData(keyring, order) : null,
  });

  if (!(await claimCollect(db, order.id))) return pendingAnswer(order.hintCode);

  let collected;
  try {
    collected = await gateway.collect(order.orderRef);
  } catch (error) {
    // BankID no longer knows the order (4xx): it is over. Unreachable (5xx, transport): try again.
    if (error instanceof BankIdError && error.status >= 400 && error.status < 500) {
      if (!(await finishOrder(db, order.id, "failed", error.errorCode))) return finishedElsewhere();
      return { ok: true, status: "failed", hintCode: error.errorCode, message: errorMessage(error.errorCode) };
    }
    return bankIdFailure(error, "collect");
  }

  if (collected.status === "pending") {
    await db
      .update(bankid_orders)
      .set({ hint_code: collected.hintCode })
      .where(and(eq(bankid_orders.id, order.id), eq(bankid_orders.status, "pending")));
    return pendingAnswer(collected.hintCode);
  }
  if (collected.status === "failed") {
    if (!(await finishOrder(db, order.id, "failed", collected.hintCode))) return finishedElsewhere();
    return { ok: true, status: "failed", hintCode: collected.hintCode, message: failedMessage(collected.hintCode, flow) };
  }
  const user = collected.completionData.user;
  if (access.purpose === "verify") return storeVerifiedIdentity(db, keyring, order.id, access.userId!, user);
  if (access.purpose === "stepup") return confirmPerson(db, keyring, order.id, access.userId!, user);
  return signInWith(db, keyring, order.id, user);
}

function finishedElsewhere(): Failure {
  return { ok: false, code: "gone", message: IDENTITY_MESSAGES.orderFinished };
}

/** The QR text of this second of the order. */
function currentQrData(keyring: PayoutKeyring, order: OrderRow): string {
  const secret = openPayoutDetails(keyring, order.id, { keyId: order.qrSecretKeyId, ciphertext: order.qrSecretCiphertext });
  return qrData(order.qrStartToken, secret, Math.floor(order.elapsedMs / 1000));
}

/** Takes the right to call collect now; false when it was called less than two seconds ago. */
async function claimCollect(db: Db, orderId: string): Promise<boolean> {
  const interval = BANKID_RULES.collectIntervalMs / 1000;
  const claimed = await db
    .update(bankid_orders)
    .set({ collected_at: sql`now()` })
    .where(
      and(
        eq(bankid_orders.id, orderId),
        eq(bankid_orders.status, "pending"),
        or(isNull(bankid_orders.collected_at), lte(bankid_orders.collected_at, sql`now() - make_interval(secs => ${interval})`)),
      ),
    )
    .returning({ id: bankid_orders.id });
  return claimed.length === 1;
}

/** Ends a pending order; false when it had already ended (another poll got there first). */
async function finishOrder(db: Db | Tx, orderId: string, status: "complete" | "failed" | "cancelled", hintCode: string | null): Promise<boolean> {
  const ended = await db
    .update(bankid_orders)
    .set({ status, hint_code: hintCode, finished_at: sql`now()` })
    .where(and(eq(bankid_orders.id, orderId), eq(bankid_orders.status, "pending")))
    .returning({ id: bankid_orders.id });
  return ended.length === 1;
}

// ---------------------------------------------------------------------------
// Completing
// ---------------------------------------------------------------------------

interface SealedIdentity {
  personalNumber: string;
  givenName: string;
  surname: string;
  name: string;
}

const duplicateRefusal = (): Failure => ({ ok: false, code: "taken", message: IDENTITY_MESSAGES.alreadyVerifiedElsewhere });

/**
 * Stores the identity BankID proved, in one transaction with the order's end: a member
 * verifying again updates their row; a person another member already verified is refused with
 * an audit row and nothing stored (the unique HMAC also refuses the race of two first times).
 */
async function storeVerifiedIdentity(db: Db, keyring: PayoutKeyring, orderId: string, userId: string, user: BankIdUser): Promise<PollResult | Failure> {
  const parsed = parsePersonnummer(user.personalNumber, stockholmDay(new Date()));
  if (!parsed || parsed.normalised !== user.personalNumber) {
    // BankID answers twelve digits; anything else is not a person we can verify.
    logger.error({ orderId }, "bankid answered a personal number that does not parse");
    await finishOrder(db, orderId, "failed", "invalidPersonalNumber");
    return { ok: true, status: "failed", hintCode: "invalidPersonalNumber", message: errorMessage("invalidPersonalNumber") };
  }
  const identity: SealedIdentity = { personalNumber: parsed.normalised, givenName: user.givenName, surname: user.surname, name: user.name };
  const sealed = sealPayoutDetails(keyring, userId, JSON.stringify(identity));
  const digest = personnummerHmac(keyring, parsed.normalised);
  const masked = maskPersonnummer(parsed.normalised);

  let outcome: PollResult | Failure;
  try {
    outcome = await db.transaction(async (tx) => {
      if (!(await finishOrder(tx, orderId, "complete", null))) return finishedElsewhere();
      const holder = await heldBy(tx, keyring, parsed.normalised);
      if (holder && holder !== userId) {
        await recordDuplicate(tx, userId, holder);
        return duplicateRefusal();
      }
      const fields = {
        personnummer_hmac: digest.hmac,
        hmac_key_id: digest.keyId,
        key_id: sealed.keyId,
        ciphertext: sealed.ciphertext,
        masked_personnummer: masked,
        birth_date: parsed.birthDate,
        verified_at: sql`now()`,
      };
      const [row] = await tx
        .insert(verified_identities)
        .values({ user_id: userId, ...fields })
        .onConflictDoUpdate({ target: verified_identities.user_id, set: { ...fields, updated_at: sql`now()` } })
        .returning({ verifiedAt: verified_identities.verified_at });
      await markSwishForRenewal(tx, keyring, userId, parsed.normalised);
      return {
        ok: true as const,
        status: "complete" as const,
        message: IDENTITY_MESSAGES.verified,
        identity: { name: user.name, maskedPersonnummer: masked, verifiedAt: row!.verifiedAt.toISOString() },
        userId,
      };
    });
  } catch (error) {
    if (!hasPgCode(error, PG_ERRORS.uniqueViolation)) throw error;
    // Another member's first verification of the same person committed between our read and write.
    outcome = await db.transaction(async (tx) => {
      if (!(await finishOrder(tx, orderId, "failed", "alreadyVerified"))) return finishedElsewhere();
      const holder = await heldBy(tx, keyring, parsed.normalised);
      await recordDuplicate(tx, userId, holder ?? "unknown");
      return duplicateRefusal();
    });
  }
  return outcome;
}

/** The member whose verified identity is this person, under any key of the ring. */
async function heldBy(db: Db | Tx, keyring: PayoutKeyring, personnummer: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: verified_identities.user_id })
    .from(verified_identities)
    .where(inArray(verified_identities.personnummer_hmac, personnummerHmacs(keyring, personnummer)))
    .for("update");
  return row?.userId ?? null;
}

async function recordDuplicate(tx: Tx, userId: string, holder: string): Promise<void> {
  await recordAudit(tx, {
    actorUserId: userId,
    action: "identity.duplicate_refused",
    entityType: "verified_identity",
    entityId: holder,
    after: { attemptedBy: userId },
  });
}

/** A step-up order's end: complete only when BankID names the person verified on this account. */
async function confirmPerson(db: Db, keyring: PayoutKeyring, orderId: string, userId: string, user: BankIdUser): Promise<PollResult | Failure> {
  return db.transaction(async (tx) => {
    const holder = await heldBy(tx, keyring, user.personalNumber);
    if (holder !== userId) {
      if (!(await finishOrder(tx, orderId, "failed", "otherPerson"))) return finishedElsewhere();
      return { ok: true as const, status: "failed" as const, hintCode: "otherPerson", message: IDENTITY_MESSAGES.stepUpOtherPerson };
    }
    if (!(await finishOrder(tx, orderId, "complete", null))) return finishedElsewhere();
    const identity = await readVerifiedIdentity(tx, keyring, userId);
    return { ok: true as const, status: "complete" as const, message: IDENTITY_MESSAGES.stepUpDone, identity: identity!, userId };
  });
}

/** A sign-in order's end: the member verified as this person, or a refusal when there is none. */
async function signInWith(db: Db, keyring: PayoutKeyring, orderId: string, user: BankIdUser): Promise<PollResult | Failure> {
  return db.transaction(async (tx) => {
    if (!(await finishOrder(tx, orderId, "complete", null))) return finishedElsewhere();
    const holder = await heldBy(tx, keyring, user.personalNumber);
    if (!holder) return { ok: false as const, code: "not_found" as const, message: IDENTITY_MESSAGES.notVerifiedSignIn };
    const identity = await readVerifiedIdentity(tx, keyring, holder);
    return {
      ok: true as const,
      status: "complete" as const,
      message: IDENTITY_MESSAGES.verified,
      identity: identity!,
      userId: holder,
    };
  });
}

// ---------------------------------------------------------------------------
// Cancelling and reading
// ---------------------------------------------------------------------------

/** The member (or sign-in page) gives up: the order ends here and, best effort, at BankID. */
export async function cancelBankIdOrder(db: Db, gateway: BankIdGateway, access: OrderAccess): Promise<{ ok: true } | Failure> {
  const order = await findOwnOrder(db, access);
  if ("ok" in order) return order;
  if (!(await finishOrder(db, order.id, "cancelled", "cancelled"))) return finishedElsewhere();
  await cancelAtBankId(gateway, order.orderRef);
  return { ok: true };
}

/** The sealed columns of a verified identity, as read. */
export interface SealedIdentityRow {
  keyId: string;
  ciphertext: string;
  masked: string;
  verifiedAt: Date | string;
}

/** What the member sees of their verified identity: name, masked personnummer, time. */
export function openIdentityView(keyring: PayoutKeyring, userId: string, row: SealedIdentityRow): VerifiedIdentityView {
  const identity = JSON.parse(openPayoutDetails(keyring, userId, row)) as SealedIdentity;
  return { name: identity.name, maskedPersonnummer: row.masked, verifiedAt: new Date(row.verifiedAt).toISOString() };
}

export async function readVerifiedIdentity(db: Db | Tx, keyring: PayoutKeyring, userId: string): Promise<VerifiedIdentityView | null> {
  const [row] = await db
    .select({
      keyId: verified_identities.key_id,
      ciphertext: verified_identities.ciphertext,
      masked: verified_identities.masked_personnummer,
      verifiedAt: verified_identities.verified_at,
    })
    .from(verified_identities)
    .where(eq(verified_identities.user_id, userId));
  return row ? openIdentityView(keyring, userId, row) : null;
}

/** The verified person in full (the personnummer is never shown; documents mask it). */
export async function readVerifiedPerson(db: Db | Tx, keyring: PayoutKeyring, userId: string): Promise<{ personalNumber: string; name: string } | null> {
  const [row] = await db
    .select({ keyId: verified_identities.key_id, ciphertext: verified_identities.ciphertext })
    .from(verified_identities)
    .where(eq(verified_identities.user_id, userId));
  if (!row) return null;
  const identity = JSON.parse(openPayoutDetails(keyring, userId, row)) as SealedIdentity;
  return { personalNumber: identity.personalNumber, name: identity.name };
}

/** The verified personnummer itself, for the Swish rule (never shown). */
export async function readVerifiedPersonnummer(db: Db, keyring: PayoutKeyring, userId: string): Promise<string | null> {
  return (await readVerifiedPerson(db, keyring, userId))?.personalNumber ?? null;
}

/**
 * Forgets orders started more than `keepOrdersMs` before `now` (long over: an order lives five
 * minutes); run by the scheduled cleanup job. Verified identities are kept apart and stay.
 */
export async function purgeOldBankIdOrders(db: Db, now: Date = new Date()): Promise<number> {
  const removed = await db
    .delete(bankid_orders)
    .where(lt(bankid_orders.started_at, new Date(now.getTime() - BANKID_RULES.keepOrdersMs)))
    .returning({ id: bankid_orders.id });
  return removed.length;
}

/** Whether the member has verified with BankID (a payout waits until they have, decision 044). */
export async function isVerified(db: Db | Tx, userId: string): Promise<boolean> {
  const [row] = await db.select({ userId: verified_identities.user_id }).from(verified_identities).where(eq(verified_identities.user_id, userId));
  return row !== undefined;
}
