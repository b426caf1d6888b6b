/**
 * The trade shield beside the security code (docs/rules/bots.md#the-bots-identity-for-sellers):
 * the bot the offer comes from — its Steam name, a link to its Steam profile, level and account
 * age — and the promise that a real offer from us carries the code and comes from that bot.
 */
import { ExternalLink } from "~/components/ui/icons";
import type { BotIdentity } from "~/modules/bots/bot-identity";

export function BotIdentityPanel({ identity }: { identity: BotIdentity }) {
  return (
    <section aria-labelledby="bot-identity-title" className="grid gap-2 rounded-lg border bg-muted/40 p-3 text-sm" data-testid="bot-identity">
      <h2 id="bot-identity-title" className="font-semibold">
        Erbjudandet kommer från
      </h2>
      <div className="flex min-w-0 items-center gap-3">
        {identity.avatarUrl ? <img src={identity.avatarUrl} alt="" width={40} height={40} className="size-10 shrink-0 rounded-md" loading="lazy" referrerPolicy="no-referrer" /> : null}
        <div className="grid min-w-0 gap-0.5">
          <a
            href={identity.profileUrl}
            target="_blank"
            rel="noreferrer noopener"
            className="inline-flex min-w-0 items-center gap-1 font-medium break-all underline underline-offset-2"
            data-testid="bot-profile-link"
          >
            {identity.name}
            <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="sr-only">(Steam-profil, öppnas i ny flik)</span>
          </a>
          <span className="text-muted-foreground">{[identity.levelText, identity.ageText].filter(Boolean).join(" · ") || "Profilen är inte läst än"}</span>
        </div>
      </div>
      <p data-testid="bot-identity-promise">{identity.promise}</p>
    </section>
  );
}
