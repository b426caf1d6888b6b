/**
 * The one-time token of a staff form that moves points, XP, money or stock
 * (docs/decisions/036-staff-form-tokens.md): issued by the page's loader, new with every render,
 * so a double click or a retried post applies once and the next deliberate post is new.
 */
export function FormTokenField({ token }: { token: string }) {
  return <input type="hidden" name="formToken" value={token} />;
}
