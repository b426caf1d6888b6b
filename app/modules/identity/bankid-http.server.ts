/**
 * The HTTP side of BankID (decision 044), for the thin routes under /api/bankid: reads and
 * validates the input, checks who asks (a verify order needs the signed-in member, a sign-in
 * order no one), sets and reads the browser-binding cookie, and answers JSON in Swedish. The
 * service (bankid.server.ts) does the rest.
 */
import { isIP } from "node:net";
import { createCookie, type AppLoadContext } from "react-router";
import { asJson, clientIp, failureResponse, parseRequest, tooManyRequests } from "~/lib/http.server";
import { z } from "~/lib/zod";
import { logSecurityEvent } from "~/modules/accounts/security-events.server";
import { getCurrentSession } from "~/modules/accounts/session.server";
import { recordStepUp } from "~/modules/accounts/two-factor.server";
import { payoutKeyring } from "~/modules/selling/payout-encryption.server";
import { config } from "~/platform/config.server";
import { db } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";
import { consumeRateLimit } from "~/platform/rate-limit/rate-limiter.server";
import { bankIdGateway } from "./bankid-client.server";
import { signInAsVerifiedMember } from "./bankid-sign-in.server";
import { cancelBankIdOrder, pollBankIdOrder, startBankIdOrder, type OrderAccess } from "./bankid.server";
import { BANKID_FLOWS, BANKID_ORDER_PURPOSES, BANKID_RULES, IDENTITY_MESSAGES, type BankIdOrderPurpose } from "./identity-constants";

const BANKID_HTTP_MESSAGES = {
  purpose: "Ange om du vill verifiera dig, logga in eller bekräfta att det är du.",
  flow: "Välj BankID på den här enheten eller på en annan enhet.",
  orderId: "Identifieringen saknas eller är ogiltig.",
  signInFirst: "Logga in för att verifiera dig med BankID.",
  unavailable: "BankID är inte tillgängligt just nu. Försök igen om en stund.",
  noAddress: "Vi kunde inte avgöra din adress. Försök igen.",
} as const;

const purposeField = z.enum(BANKID_ORDER_PURPOSES, { error: BANKID_HTTP_MESSAGES.purpose });
const startSchema = z.object({ purpose: purposeField, flow: z.enum(BANKID_FLOWS, { error: BANKID_HTTP_MESSAGES.flow }) });
const orderSchema = z.object({ purpose: purposeField, orderId: z.uuid({ error: BANKID_HTTP_MESSAGES.orderId }) });

/** Starts per address in a window: each start is a BankID order. */
const START_LIMIT = { scope: "bankid-start", limit: 20, windowMs: 10 * 60_000 } as const;

function bindingCookie() {
  const cfg = config();
  return createCookie(BANKID_RULES.bindingCookie, {
    httpOnly: true,
    sameSite: "strict",
    secure: cfg.PUBLIC_URL.startsWith("https://"),
    path: "/api/bankid",
    maxAge: Math.ceil(BANKID_RULES.orderLifetimeMs / 1000),
    secrets: [cfg.BETTER_AUTH_SECRET],
  });
}

const noStore = { "Cache-Control": "no-store" };

function json(body: unknown, status = 200, headers: HeadersInit = {}): Response {
  return Response.json(body, { status, headers: { ...noStore, ...headers } });
}

function refuse(status: number, message: string): Response {
  return json({ ok: false, message }, status);
}

/** Who may act for this purpose: the signed-in member for verify, anyone for sign-in. */
async function callerFor(request: Request, purpose: BankIdOrderPurpose): Promise<{ userId: string | null } | Response> {
  if (purpose === "signin") return { userId: null };
  const current = await getCurrentSession(request);
  return current ? { userId: current.user.id } : refuse(401, BANKID_HTTP_MESSAGES.signInFirst);
}

/** POST /api/bankid/start `{ purpose, flow }` → `{ ok, orderId, autoStartToken }` and the binding cookie. */
export async function startBankId(request: Request, context: AppLoadContext): Promise<Response> {
  const parsed = await parseRequest(request, startSchema);
  if (!parsed.ok) return asJson(parsed.response);
  const caller = await callerFor(request, parsed.data.purpose);
  if (caller instanceof Response) return caller;
  const gateway = bankIdGateway();
  if (!gateway) return refuse(503, BANKID_HTTP_MESSAGES.unavailable);
  const endUserIp = clientIp(context);
  if (!isIP(endUserIp)) return refuse(400, BANKID_HTTP_MESSAGES.noAddress);
  const limit = await consumeRateLimit(db(), START_LIMIT, "ip", endUserIp);
  if (!limit.allowed) return asJson(tooManyRequests(limit));

  const started = await startBankIdOrder(db(), gateway, payoutKeyring(), { ...parsed.data, userId: caller.userId, endUserIp });
  if (!started.ok) return asJson(failureResponse(started));
  return json({ ok: true, orderId: started.orderId, autoStartToken: started.autoStartToken }, 200, {
    "Set-Cookie": await bindingCookie().serialize(started.bindingSecret),
  });
}

/** The caller's access to the order named in the body, or the refusal to answer. */
async function orderAccess(request: Request): Promise<OrderAccess | Response> {
  const parsed = await parseRequest(request, orderSchema);
  if (!parsed.ok) return asJson(parsed.response);
  const caller = await callerFor(request, parsed.data.purpose);
  if (caller instanceof Response) return caller;
  const secret: unknown = await bindingCookie().parse(request.headers.get("cookie"));
  if (typeof secret !== "string" || secret.length === 0) return refuse(403, IDENTITY_MESSAGES.bindingMissing);
  return { orderId: parsed.data.orderId, purpose: parsed.data.purpose, userId: caller.userId, bindingSecret: secret };
}

/**
 * POST /api/bankid/status `{ purpose, orderId }` → `{ ok, status, hintCode, message, qrData }`;
 * a completed verification adds the masked identity, a completed sign-in the session cookie.
 */
export async function pollBankId(request: Request, context: AppLoadContext): Promise<Response> {
  const access = await orderAccess(request);
  if (access instanceof Response) return access;
  const gateway = bankIdGateway();
  if (!gateway) return refuse(503, BANKID_HTTP_MESSAGES.unavailable);
  const result = await pollBankIdOrder(db(), gateway, payoutKeyring(), access);
  if (!result.ok) return asJson(failureResponse(result));
  const clear = { "Set-Cookie": await bindingCookie().serialize("", { maxAge: 0 }) };
  if (result.status === "pending") return json(result);
  if (result.status === "failed") return json(result, 200, clear);
  if (access.purpose === "verify") return json({ ok: true, status: "complete", message: result.message, identity: result.identity }, 200, clear);
  if (access.purpose === "stepup") {
    // This session has just proven who it is (decision 046): a fresh step-up for 5 minutes.
    const current = await getCurrentSession(request);
    if (!current || current.user.id !== result.userId) return refuse(401, BANKID_HTTP_MESSAGES.signInFirst);
    await recordStepUp(db(), current.session.id, "bankid");
    await logSecurityEvent(db(), { userId: current.user.id, type: "step_up", ipAddress: clientIp(context), details: { method: "bankid" } });
    return json({ ok: true, status: "complete", message: result.message }, 200, clear);
  }

  const signedIn = await signInAsVerifiedMember(request, clientIp(context), result.userId);
  if (!signedIn.ok) return json({ ok: false, message: signedIn.message }, signedIn.status, clear);
  const response = json({ ok: true, status: "complete", message: result.message }, 200, clear);
  for (const cookie of signedIn.cookies) response.headers.append("Set-Cookie", cookie);
  return response;
}

/** POST /api/bankid/cancel `{ purpose, orderId }` → `{ ok }`. */
export async function cancelBankId(request: Request): Promise<Response> {
  const access = await orderAccess(request);
  if (access instanceof Response) return access;
  const gateway = bankIdGateway();
  if (!gateway) return refuse(503, BANKID_HTTP_MESSAGES.unavailable);
  const result = await cancelBankIdOrder(db(), gateway, access);
  if (!result.ok) return asJson(failureResponse(result));
  logger.info({ purpose: access.purpose }, "bankid order cancelled by the member");
  return json({ ok: true }, 200, { "Set-Cookie": await bindingCookie().serialize("", { maxAge: 0 }) });
}

/** Every /api/bankid route takes posts only. */
export function postOnly(): Response {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}
