/**
 * Placeholder addresses (Steam gives no email; docs/rules/accounts.md#social-sign-in) use the
 * reserved `.invalid` top-level domain, which never resolves (RFC 2606). The mailer refuses them,
 * so nothing is ever sent to an address the member did not give us.
 */
export function isPlaceholderEmail(address: string): boolean {
  return /\.invalid>?\s*$/i.test(address.trim());
}
