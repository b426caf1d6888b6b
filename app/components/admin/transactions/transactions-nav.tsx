/**
 * The Transactions tab's sub-navigation (docs/rules/admin.md#roles-and-tabs): the trades, the
 * price list, the sell orders, the payout queue and the trade bots; an order's page keeps "Säljordrar" marked.
 */
import { AdminSubNav } from "~/components/admin/admin-sub-nav";

const LINKS = [
  { to: "/admin/transactions", label: "Affärer", end: true },
  { to: "/admin/transactions/prislista", label: "Prislista", end: false },
  { to: "/admin/transactions/saljordrar", label: "Säljordrar", end: false },
  { to: "/admin/transactions/utbetalningar", label: "Utbetalningar", end: false },
  { to: "/admin/transactions/botar", label: "Botar", end: false },
] as const;

export function TransactionsNav() {
  return <AdminSubNav label="Transaktioner" links={LINKS} testId="transactions-nav" />;
}
