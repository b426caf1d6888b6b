/**
 * Contact messages for staff (docs/rules/admin.md#dashboard): the list on the dashboard with its
 * status filter, and moving a message forward, audited in the same transaction.
 */
import { sql } from "drizzle-orm";
import { z } from "~/lib/zod";
import { CONTACT_MESSAGE_STATUSES, type ContactMessageStatus } from "~/modules/contact/contact-constants";
import { cappedCount, keysetPage, LIST_COUNT_CAP, parseKeyset, type KeysetPosition } from "~/lib/keyset";
import { cappedCountSql, cursorValueSql, keysetSql, type KeysetOrder } from "~/platform/db/keyset.server";
import { recordAudit } from "~/platform/audit/audit.server";
import { queryRows, type Db } from "~/platform/db/client.server";

const CONTACT_PAGE_SIZE = 10;

export interface ContactMessageRow {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  status: ContactMessageStatus;
  createdAt: string;
}

export interface ContactListQuery {
  status?: ContactMessageStatus;
  /** The keyset page (`efter` / `fore`, decision 039); absent is the first. */
  position?: KeysetPosition;
  pageSize?: number;
}

const contactQuerySchema = z.object({
  status: z.enum(CONTACT_MESSAGE_STATUSES).optional().catch(undefined),
});

/**
 * The contact list's filter (`kontakt`) and keyset page from the URL; a malformed value means
 * none. An old `kontaktsida=` link shows the first page.
 */
export function parseContactQuery(params: URLSearchParams): ContactListQuery {
  const { status } = contactQuerySchema.parse({ status: params.get("kontakt") || undefined });
  const position = parseKeyset(params, "timestamp");
  return { ...(status ? { status } : {}), ...(position ? { position } : {}) };
}

const CONTACT_ORDER: KeysetOrder = { column: sql`created_at`, kind: "timestamp", id: sql`id`, direction: "desc" };

/** Newest first, one keyset page (contact_messages_status_created_idx / _created_idx), counted up to a cap. */
export async function listContactMessages(db: Db, query: ContactListQuery = {}) {
  const pageSize = query.pageSize ?? CONTACT_PAGE_SIZE;
  const position = query.position ?? null;
  const where = query.status ? sql`status = ${query.status}` : sql`TRUE`;
  const keyset = keysetSql(CONTACT_ORDER, position);
  const [rows, [counted]] = await Promise.all([
    queryRows<{ id: string; name: string; email: string; phone: string | null; subject: string; message: string; status: ContactMessageStatus; created_at: Date | string; cursor: string }>(
      db,
      sql`SELECT id, name, email, phone, subject, message, status, created_at, ${cursorValueSql(CONTACT_ORDER)} AS cursor FROM contact_messages
           WHERE ${where} AND ${keyset.where} ${keyset.orderBy} LIMIT ${pageSize + 1}`,
    ),
    queryRows<{ n: number | string }>(db, cappedCountSql(sql`FROM contact_messages WHERE ${where}`, LIST_COUNT_CAP)),
  ]);
  const page = keysetPage(rows, pageSize, position, (row) => ({ value: row.cursor, id: row.id }));
  return {
    rows: page.rows.map((row): ContactMessageRow => ({
      id: row.id,
      name: row.name,
      email: row.email,
      phone: row.phone,
      subject: row.subject,
      message: row.message,
      status: row.status,
      createdAt: new Date(row.created_at).toISOString(),
    })),
    links: page.links,
    count: cappedCount(counted?.n),
  };
}

export const CONTACT_STATUS_MESSAGES = {
  id: "Välj ett giltigt meddelande.",
  status: "Välj en giltig status.",
  notFound: "Meddelandet finns inte längre.",
  backwards: "Ett meddelande kan bara flyttas framåt: ny → läst → besvarad.",
} as const;

export const contactStatusSchema = z.object({
  messageId: z.uuid({ error: CONTACT_STATUS_MESSAGES.id }),
  status: z.enum(["read", "answered"], { error: CONTACT_STATUS_MESSAGES.status }),
});

export type ContactStatusResult =
  | { ok: true; id: string; before: ContactMessageStatus; after: ContactMessageStatus }
  | { ok: false; code: "not_found" | "invalid_transition"; message: string };

/** Moves a message forward (new → read → answered, or new → answered) with its audit row, in one transaction. */
export async function setContactStatus(
  db: Db,
  input: { actorUserId: string; messageId: string; status: "read" | "answered" },
): Promise<ContactStatusResult> {
  return db.transaction(async (tx) => {
    const [row] = await queryRows<{ status: ContactMessageStatus }>(
      tx,
      sql`SELECT status FROM contact_messages WHERE id = ${input.messageId} FOR UPDATE`,
    );
    if (!row) return { ok: false, code: "not_found", message: CONTACT_STATUS_MESSAGES.notFound };
    if (CONTACT_MESSAGE_STATUSES.indexOf(input.status) <= CONTACT_MESSAGE_STATUSES.indexOf(row.status)) {
      return { ok: false, code: "invalid_transition", message: CONTACT_STATUS_MESSAGES.backwards };
    }
    await tx.execute(sql`UPDATE contact_messages SET status = ${input.status} WHERE id = ${input.messageId}`);
    await recordAudit(tx, {
      actorUserId: input.actorUserId,
      action: "contact_message.status",
      entityType: "contact_message",
      entityId: input.messageId,
      before: { status: row.status },
      after: { status: input.status },
    });
    return { ok: true, id: input.messageId, before: row.status, after: input.status };
  });
}
