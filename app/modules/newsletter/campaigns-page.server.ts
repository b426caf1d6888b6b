/**
 * The Newsletter tab's campaign pages (admin only; docs/rules/newsletter.md#campaigns): the
 * list, writing a campaign, and one campaign's page with its preview, test send, sending,
 * progress and the recipients staff may resend. Every write goes through the campaign service
 * (one transaction with its audit row); sending asks the campaign job to start at once.
 */
import { data, redirect } from "react-router";
import { z } from "~/lib/zod";
import { failureResponse, notFound, readInput, validate, type ActionFailure } from "~/lib/http.server";
import { INPUT_MESSAGES } from "~/lib/validation";
import { requireAdminTab } from "~/modules/admin/admin-access.server";
import {
  CAMPAIGN_MESSAGES,
  MAIL_LIST_FOOTER,
  campaignIdSchema,
  campaignSchema,
  resendSchema,
  sendCampaignSchema,
} from "~/modules/newsletter/campaign-rules";
import { CAMPAIGN_JOB } from "~/modules/newsletter/campaign-sender.server";
import {
  countListRecipients,
  createCampaign,
  getCampaign,
  listCampaigns,
  listRecipients,
  resendUnknown,
  sendTestMail,
  startCampaign,
  updateCampaign,
} from "~/modules/newsletter/campaigns.server";
import { unsubscribeUrl } from "~/modules/newsletter/unsubscribe.server";
import { sanitizeBlogHtml } from "~/modules/blog/sanitize.server";
import { config } from "~/platform/config.server";
import { parseKeyset } from "~/lib/keyset";
import { db } from "~/platform/db/client.server";
import { requestJobRun } from "~/platform/jobs/job-runner.server";
import { emailTemplates, renderEmail } from "~/platform/mail/templates";
import { formatNumber } from "~/lib/format";

const pageSchema = z.coerce.number().int().min(1).max(100_000).catch(1);
const pageOf = (url: URL, name: string) => pageSchema.parse(url.searchParams.get(name) ?? 1);
const campaignNotFound = () => notFound(CAMPAIGN_MESSAGES.notFound);

export async function loadCampaignList(request: Request) {
  await requireAdminTab(request, "newsletter");
  // Paged by keyset cursor; an old `?page=` link shows the first page.
  return { campaigns: await listCampaigns(db(), { position: parseKeyset(new URL(request.url).searchParams, "timestamp") }) };
}

export async function loadNewCampaign(request: Request) {
  await requireAdminTab(request, "newsletter");
  return null;
}

export async function createCampaignAction(request: Request) {
  const staff = await requireAdminTab(request, "newsletter");
  const input = await readInput(request, { title: "Kampanjen kunde inte sparas" });
  if (!input.ok) return input.response;
  const parsed = validate(input.data, campaignSchema, { title: "Kampanjen kunde inte sparas" });
  if (!parsed.ok) return parsed.response;
  const campaign = await createCampaign(db(), { actorUserId: staff.user.id, values: parsed.data });
  return redirect(`/admin/newsletter/kampanjer/${campaign.id}?sparad=1`);
}

/** The mail as a recipient will see it: the one template, with an unsubscribe link to the staff's own address. */
function previewHtml(campaign: { subject: string; bodyHtml: string }, to: string, list: "newsletter" | "launch") {
  const parts = emailTemplates.campaign({
    subject: campaign.subject,
    bodyHtml: sanitizeBlogHtml(campaign.bodyHtml),
    unsubscribeUrl: unsubscribeUrl(to, list),
    listName: MAIL_LIST_FOOTER[list],
  });
  return renderEmail(parts, config().SITE_NAME).html;
}

export async function loadCampaign(request: Request, campaignIdParam: string | undefined) {
  const staff = await requireAdminTab(request, "newsletter");
  const id = campaignIdSchema.safeParse(campaignIdParam);
  if (!id.success) throw campaignNotFound();
  const campaign = await getCampaign(db(), id.data);
  if (!campaign) throw campaignNotFound();
  const url = new URL(request.url);
  const [unknown, failed, listCounts] = await Promise.all([
    listRecipients(db(), { campaignId: campaign.id, status: "unknown", page: pageOf(url, "okanda") }),
    listRecipients(db(), { campaignId: campaign.id, status: "failed", page: pageOf(url, "misslyckade") }),
    campaign.status === "draft"
      ? Promise.all([countListRecipients(db(), "newsletter"), countListRecipients(db(), "launch")]).then(([newsletter, launch]) => ({ newsletter, launch }))
      : null,
  ]);
  return {
    campaign,
    unknown,
    failed,
    listCounts,
    staffEmail: staff.user.email,
    preview: previewHtml(campaign, staff.user.email, campaign.list ?? "newsletter"),
  };
}

const TITLES = {
  save: "Kampanjen kunde inte sparas",
  test: "Testutskicket kunde inte skickas",
  send: "Kampanjen kunde inte skickas",
  resend: "Kunde inte skicka om",
} as const;

export async function campaignAction(request: Request, campaignIdParam: string | undefined) {
  const staff = await requireAdminTab(request, "newsletter");
  const actorUserId = staff.user.id;
  const input = await readInput(request);
  if (!input.ok) return input.response;
  const intent = input.data.intent;
  if (intent !== "save" && intent !== "test" && intent !== "send" && intent !== "resend") {
    return data<ActionFailure>({ ok: false, message: INPUT_MESSAGES.badRequest }, { status: 400 });
  }
  const id = campaignIdSchema.safeParse(campaignIdParam);
  if (!id.success) return campaignNotFound();
  const campaignId = id.data;

  if (intent === "save") {
    const parsed = validate(input.data, campaignSchema, { title: TITLES.save, intent: "save" });
    if (!parsed.ok) return parsed.response;
    const result = await updateCampaign(db(), { actorUserId, campaignId, values: parsed.data });
    if (!result.ok) return failureResponse(result, { title: TITLES.save, intent: "save" });
    return data({ ok: true as const, intent: "save", title: "Kampanjen är sparad", message: "Förhandsvisningen visar den sparade versionen." });
  }
  if (intent === "test") {
    const result = await sendTestMail(db(), { actorUserId, campaignId, to: staff.user.email });
    if (!result.ok) return failureResponse(result, { title: TITLES.test, intent: "test" });
    return data({ ok: true as const, intent: "test", title: "Testutskicket är skickat", message: `Ett testmejl är på väg till ${staff.user.email}.` });
  }
  if (intent === "send") {
    const parsed = validate(input.data, sendCampaignSchema, { title: TITLES.send, intent: "send" });
    if (!parsed.ok) return parsed.response;
    const result = await startCampaign(db(), { actorUserId, campaignId, list: parsed.data.list });
    if (!result.ok) return failureResponse(result, { title: TITLES.send, intent: "send" });
    requestJobRun(CAMPAIGN_JOB);
    return data({
      ok: true as const,
      intent: "send",
      title: "Kampanjen skickas",
      message: `${formatNumber(result.recipients)} mottagare står i kö. Förloppet visas här.`,
    });
  }
  const resend = validate(input.data, resendSchema, { title: TITLES.resend, intent: "resend" });
  if (!resend.ok) return resend.response;
  const result = await resendUnknown(db(), { actorUserId, campaignId, recipientId: resend.data.recipientId });
  if (!result.ok) return failureResponse(result, { title: TITLES.resend, intent: "resend" });
  requestJobRun(CAMPAIGN_JOB);
  return data({ ok: true as const, intent: "resend", title: "Skickas om", message: `${formatNumber(result.requeued)} mottagare står i kö igen.` });
}
