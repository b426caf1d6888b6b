import { Banknote, Bitcoin, Landmark, Smartphone } from "~/components/ui/icons";
import { PAYOUT_LABELS, PAYOUT_METHODS } from "~/modules/selling/selling-constants";
import { PAYOUT_CLAIMS } from "~/modules/marketing/claims";
import { PAYOUT_AFTER_PROTECTION } from "~/modules/trades/trades-constants";

const PAYOUT_ICONS = { swish: Smartphone, bank: Landmark, crypto: Bitcoin } as const;

/** Payout time per method (docs/rules/trades.md#payout), as a glass panel for the dark hero. */
export function PayoutTimesCard({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="rounded-xl bg-white/10 p-5 text-white ring-1 ring-white/15 backdrop-blur">
      <Heading className="flex items-center gap-2 text-sm font-semibold text-white/90">
        <Banknote className="size-4 text-orange-300" aria-hidden="true" width={16} height={16} />
        Utbetalningstider
      </Heading>
      <ul className="mt-3 divide-y divide-white/10">
        {PAYOUT_METHODS.map((method) => {
          const Icon = PAYOUT_ICONS[method];
          return (
            <li key={method} className="flex items-center justify-between gap-4 py-2.5 text-sm">
              <span className="flex items-center gap-2 text-white/85">
                <Icon className="size-4" aria-hidden="true" width={16} height={16} />
                {PAYOUT_LABELS[method]}
              </span>
              <span className="font-semibold">{PAYOUT_CLAIMS[method]}</span>
            </li>
          );
        })}
      </ul>
      <p className="mt-2 text-xs text-white/75">Räknat från {PAYOUT_AFTER_PROTECTION.replace(/^när /, "att ")}.</p>
    </div>
  );
}
