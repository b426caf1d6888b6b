/**
 * /admin/dashboard/utskick (admin only): the queued mail that kept failing, newest first, each
 * with a retry that queues it again (audited; docs/decisions/034-mail-queue.md).
 */
import { notFound, parseRequest } from "~/lib/http.server";
import { parseKeyset } from "~/lib/keyset";
import { requireAdminTab } from "~/modules/admin/admin-access.server";
import { db } from "~/platform/db/client.server";
import { listFailedMail, retryFailedMail } from "~/platform/mail/mail-queue.server";
import { FAILED_MAIL_MESSAGES, retryMailSchema } from "./failed-mail-schema";

export async function loadFailedMailPage(request: Request) {
  await requireAdminTab(request, "dashboard");
  // Paged by keyset cursor; an old `?page=` link shows the first page.
  const list = await listFailedMail(db(), { position: parseKeyset(new URL(request.url).searchParams, "timestamp") });
  return {
    links: list.links,
    count: list.count,
    mails: list.mails.map((mail) => ({
      ...mail,
      createdAt: mail.createdAt.toISOString(),
      failedAt: mail.failedAt.toISOString(),
    })),
  };
}

export async function handleFailedMailAction(request: Request) {
  const staff = await requireAdminTab(request, "dashboard");
  const parsed = await parseRequest(request, retryMailSchema);
  if (!parsed.ok) return parsed.response;
  const result = await retryFailedMail(db(), { actorUserId: staff.user.id, mailId: parsed.data.mailId });
  if (!result.ok) return notFound(FAILED_MAIL_MESSAGES.notFailed);
  return { ok: true as const, title: "Klart", message: FAILED_MAIL_MESSAGES.retried };
}
