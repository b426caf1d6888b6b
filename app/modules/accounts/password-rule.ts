/**
 * The password strength rule (docs/rules/accounts.md#passwords): at least 8 characters with a
 * lowercase letter, an uppercase letter, a digit and a symbol. Sign-up and reset-password use the
 * same rule and the same live checklist.
 */
import { PASSWORD_MIN_LENGTH } from "~/modules/accounts/accounts-constants";

export interface PasswordRequirement {
  id: "length" | "lowercase" | "uppercase" | "digit" | "symbol";
  label: string;
  test: (password: string) => boolean;
}

const PASSWORD_REQUIREMENTS: readonly PasswordRequirement[] = [
  { id: "length", label: `Minst ${PASSWORD_MIN_LENGTH} tecken`, test: (p) => [...p].length >= PASSWORD_MIN_LENGTH },
  { id: "lowercase", label: "En liten bokstav (a–z)", test: (p) => /\p{Ll}/u.test(p) },
  { id: "uppercase", label: "En stor bokstav (A–Z)", test: (p) => /\p{Lu}/u.test(p) },
  { id: "digit", label: "En siffra (0–9)", test: (p) => /\d/.test(p) },
  // Anything that is not a letter, digit or whitespace counts as a symbol.
  { id: "symbol", label: "En symbol (t.ex. ! ? # %)", test: (p) => /[^\p{L}\p{N}\s]/u.test(p) },
];

export interface PasswordCheck {
  id: PasswordRequirement["id"];
  label: string;
  met: boolean;
}

/** The live checklist shown under a new-password field. */
export function passwordChecklist(password: string): PasswordCheck[] {
  return PASSWORD_REQUIREMENTS.map(({ id, label, test }) => ({ id, label, met: test(password) }));
}

export function isStrongPassword(password: string): boolean {
  return PASSWORD_REQUIREMENTS.every(({ test }) => test(password));
}
