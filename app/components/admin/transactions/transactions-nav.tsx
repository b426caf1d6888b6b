/**
 * The Transactions tab's sub-navigation (docs/rules/admin.md#roles-and-tabs): the trades, the
 * price list, the sell orders and the payout queue; an order's page keeps "Säljordrar" marked.
 */
import { AdminSubNav } from "~/components/admin/admin-sub-nav";

const LINKS = [
  { to: "/admin/transactions", label: "Affärer", end: true },
  { to: "/admin/transactions/prislista", label: "Prislista", end: false },
  { to: "/admin/transactions/saljordrar", label: "Säljordrar", end: false },
  { to: "/admin/transactions/utbetalningar", label: "Utbetalningar", end: false },
] as const;

export function TransactionsNav() {
  return <AdminSubNav label="Transaktioner" links={LINKS} testId="transactions-nav" />;
}
