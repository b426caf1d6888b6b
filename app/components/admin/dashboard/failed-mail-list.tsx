/**
 * "Misslyckade utskick": mail the queue gave up on after its attempts (docs/decisions/034-mail-queue.md),
 * each with its last error and a retry behind the one confirmation dialog.
 */
import { ConfirmedAction } from "~/components/admin/sell-orders/confirmed-action";
import { KeysetPager } from "~/components/ui/pager";
import type { CappedCount, KeysetLinks } from "~/lib/keyset";
import { formatDateTime, formatNumber } from "~/lib/format";

export interface FailedMailRow {
  id: string;
  messageId: string;
  to: string;
  subject: string;
  template: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  failedAt: string;
}

function FailedMail({ mail }: { mail: FailedMailRow }) {
  return (
    <li className="grid gap-2 rounded-lg border p-3 text-sm" data-testid="failed-mail" data-mail-id={mail.id}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0">
          <span className="truncate font-medium">{mail.subject}</span>
          <span className="truncate text-xs text-muted-foreground">
            Till {mail.to} · {formatNumber(mail.attempts)} försök
          </span>
        </div>
        <span className="grid text-right text-xs text-muted-foreground">
          <span>
            Köad <time dateTime={mail.createdAt}>{formatDateTime(mail.createdAt)}</time>
          </span>
          <span>
            Gav upp <time dateTime={mail.failedAt}>{formatDateTime(mail.failedAt)}</time>
          </span>
        </span>
      </div>
      {mail.lastError ? (
        <p className="break-words rounded-md bg-muted px-2 py-1 font-mono text-xs" data-testid="failed-mail-error">
          {mail.lastError}
        </p>
      ) : null}
      <ConfirmedAction
        intent="retry-mail"
        label="Försök igen"
        title="Skicka utskicket igen?"
        description={`Utskicket "${mail.subject}" till ${mail.to} köas igen och skickas nu, med samma Message-ID. Åtgärden sparas i granskningsloggen.`}
        confirmLabel="Försök igen"
        hidden={{ mailId: mail.id }}
        testId="retry-mail"
      />
    </li>
  );
}

export function FailedMailList({ mails, links, count }: { mails: FailedMailRow[]; links: KeysetLinks; count: CappedCount }) {
  return (
    <section aria-labelledby="failed-mail-title" className="grid gap-3 rounded-xl border bg-card p-4">
      <h2 id="failed-mail-title" className="font-semibold">
        Misslyckade utskick
      </h2>
      <p className="text-xs text-muted-foreground">
        E-post som inte gick att leverera efter alla försök. Rätta orsaken (till exempel e-postserverns inställningar) och
        försök igen.
      </p>
      {mails.length === 0 ? (
        <p className="text-sm text-muted-foreground">Inga misslyckade utskick.</p>
      ) : (
        <ul className="grid gap-2" data-testid="failed-mails">
          {mails.map((mail) => (
            <FailedMail key={mail.id} mail={mail} />
          ))}
        </ul>
      )}
      {count.count > 0 ? <KeysetPager links={links} count={count} noun="utskick" /> : null}
    </section>
  );
}
