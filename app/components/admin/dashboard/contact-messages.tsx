/**
 * The dashboard's contact messages from /kontakta-oss: filtered by status in the URL
 * (`kontakt`, paged by keyset cursor), each moved forward from new to read to answered.
 */
import { Link, useSearchParams } from "react-router";
import { KeysetPager } from "~/components/ui/pager";
import { formatDateTime } from "~/lib/format";
import { useStaffForm } from "~/components/admin/staff-outcome";
import { StatusBadge, statusTable } from "~/components/ui/status-badge";
import { Button } from "~/components/ui/button";
import { CONTACT_MESSAGE_STATUS_LABELS } from "~/components/admin/dashboard/dashboard-labels";
import { CONTACT_MESSAGE_STATUSES, type ContactMessageStatus } from "~/modules/contact/contact-constants";
import { cn } from "~/lib/cn";
import { withSearchParams } from "~/lib/search-params";
import type { ContactListQuery, ContactMessageRow } from "~/modules/contact/contact-admin.server";
import type { CappedCount, KeysetLinks } from "~/lib/keyset";

type ActionAnswer = { ok: boolean; title?: string; message: string };

interface ContactPage {
  rows: ContactMessageRow[];
  links: KeysetLinks;
  count: CappedCount;
}

const CONTACT_STATUS = statusTable<ContactMessageStatus>(CONTACT_MESSAGE_STATUS_LABELS, { new: "neutral", read: "muted", answered: "success" });

function ContactMessage({ message }: { message: ContactMessageRow }) {
  const { fetcher } = useStaffForm<ActionAnswer>({ fallback: null });
  const busy = fetcher.state !== "idle";
  const next: Array<{ status: "read" | "answered"; label: string }> = [];
  if (message.status === "new") next.push({ status: "read", label: "Markera som läst" });
  if (message.status !== "answered") next.push({ status: "answered", label: "Markera som besvarat" });
  return (
    <li className="grid gap-2 rounded-lg border p-3" data-testid="contact-message" data-status={message.status}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0">
          <span className="truncate font-medium">{message.subject}</span>
          <span className="truncate text-xs text-muted-foreground">
            {message.name} · <a href={`mailto:${message.email}`}>{message.email}</a>
            {message.phone ? ` · ${message.phone}` : ""}
          </span>
        </div>
        <span className="flex items-center gap-2 text-xs text-muted-foreground">
          <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
          <StatusBadge {...CONTACT_STATUS[message.status]} data-testid="contact-status" />
        </span>
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer text-muted-foreground">Visa meddelandet</summary>
        <p className="mt-2 break-words whitespace-pre-wrap">{message.message}</p>
      </details>
      {next.length > 0 ? (
        <div className="flex flex-wrap gap-2">
          {next.map((action) => (
            <fetcher.Form key={action.status} method="post">
              <input type="hidden" name="intent" value="contact-status" />
              <input type="hidden" name="messageId" value={message.id} />
              <input type="hidden" name="status" value={action.status} />
              <Button type="submit" size="sm" variant={action.status === "answered" ? "default" : "outline"} disabled={busy}>
                {action.label}
              </Button>
            </fetcher.Form>
          ))}
        </div>
      ) : null}
    </li>
  );
}

export function ContactMessages({ contact, contactQuery }: { contact: ContactPage; contactQuery: ContactListQuery }) {
  const [params] = useSearchParams();
  const filters: Array<{ value: ContactMessageStatus | null; label: string }> = [
    { value: null, label: "Alla" },
    ...CONTACT_MESSAGE_STATUSES.map((status) => ({ value: status, label: CONTACT_MESSAGE_STATUS_LABELS[status] })),
  ];
  return (
    <section aria-labelledby="contact-title" className="grid gap-3 rounded-xl border bg-card p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="contact-title" className="font-semibold">
          Kontaktmeddelanden
        </h2>
        <nav aria-label="Filtrera meddelanden" className="flex flex-wrap gap-1.5">
          {filters.map((filter) => {
            const active = (contactQuery.status ?? null) === filter.value;
            return (
              <Link
                key={filter.label}
                to={`${withSearchParams(params, { kontakt: filter.value, kontaktsida: null, efter: null, fore: null })}#contact-title`}
                preventScrollReset
                aria-current={active ? "page" : undefined}
                className={cn("rounded-md border px-2.5 py-1 text-sm", active ? "bg-primary text-primary-foreground" : "hover:bg-accent")}
              >
                {filter.label}
              </Link>
            );
          })}
        </nav>
      </div>
      <p className="text-xs text-muted-foreground">
        Meddelanden från Kontakta oss. En status flyttas bara framåt: ny → läst → besvarad, och varje ändring sparas i
        granskningsloggen.
      </p>
      {contact.rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">Inga meddelanden{contactQuery.status ? " med den statusen" : ""}.</p>
      ) : (
        <ul className="grid gap-2" data-testid="contact-messages">
          {contact.rows.map((message) => (
            <ContactMessage key={message.id} message={message} />
          ))}
        </ul>
      )}
      {contact.count.count > 0 ? <KeysetPager links={contact.links} count={contact.count} noun="meddelanden" /> : null}
    </section>
  );
}
