import { CLAIMS } from "~/modules/marketing/claims";

/** Text marks for the payment methods checkout offers (no third-party logo files). */
const METHODS = CLAIMS.paymentMethods;

export function PaymentBadges() {
  return (
    <ul aria-label="Betalningsmetoder" className="flex flex-wrap gap-2">
      {METHODS.map((method) => (
        <li
          key={method}
          className="rounded-md border bg-card px-2.5 py-1 text-xs font-semibold text-card-foreground"
        >
          {method}
        </li>
      ))}
    </ul>
  );
}
