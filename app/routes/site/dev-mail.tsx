import type { Route } from "./+types/dev-mail";
import { db } from "~/platform/db/client.server";
import { listOutbox, outboxOpenTo } from "~/platform/mail/mailer.server";
import { clientIp } from "~/lib/http.server";
import { formatDateTime } from "~/lib/format";

/**
 * The local outbox: mail kept when no SMTP_URL is set. Under `npm run dev`, and under `npm start`
 * on the embedded database for this machine only (`outboxOpenTo`); otherwise it does not exist.
 */
export async function loader({ context }: Route.LoaderArgs) {
  if (!outboxOpenTo(clientIp(context))) throw new Response("Not Found", { status: 404 });
  return { mails: await listOutbox(db()) };
}

export const meta: Route.MetaFunction = () => [
  { title: "Utkorg (utveckling)" },
  { name: "robots", content: "noindex" },
];

export default function DevMail({ loaderData }: Route.ComponentProps) {
  const { mails } = loaderData;
  return (
    <section className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-2xl font-bold">Utkorg (utveckling)</h1>
      <p className="mt-2 text-sm text-muted-foreground">
        E-post som inte skickas eftersom SMTP_URL saknas. De 50 senaste visas.
      </p>
      {mails.length === 0 ? (
        <p className="mt-8 rounded-lg border border-dashed p-8 text-center text-muted-foreground">
          Utkorgen är tom.
        </p>
      ) : (
        <ul className="mt-8 space-y-6">
          {mails.map((mail) => (
            <li key={mail.id} className="rounded-lg border bg-card p-4">
              <p className="font-semibold">{mail.subject}</p>
              <p className="text-sm text-muted-foreground">
                Till {mail.to_address} · {formatDateTime(mail.created_at)} ·{" "}
                {mail.template}
              </p>
              <iframe
                title={`Förhandsvisning: ${mail.subject}`}
                sandbox=""
                srcDoc={mail.html}
                className="mt-4 h-96 w-full rounded-md border bg-white"
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
