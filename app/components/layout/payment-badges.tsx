/** Text marks for the payment methods we pay out and accept (no third-party logo files). */
const METHODS = ["Swish", "Visa", "Mastercard", "Apple Pay", "Google Pay", "Klarna", "Bitcoin"] as const;

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
