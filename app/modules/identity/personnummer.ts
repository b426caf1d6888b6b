/**
 * Swedish personnummer and samordningsnummer as pure rules shared by client and server
 * (decision 044): parsing with the Luhn check, age on a given day and the masked form shown on
 * pages. A samordningsnummer is a personnummer whose day has 60 added.
 */

/** Modulus 10 (Luhn) over a digit string, check digit included. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export interface ParsedPersonnummer {
  /** Twelve digits, YYYYMMDDNNNC (a samordningsnummer keeps its day + 60). */
  normalised: string;
  /** The birth date, YYYY-MM-DD (a samordningsnummer's day less 60). */
  birthDate: string;
  samordningsnummer: boolean;
}

/** Samordningsnummer add this to the day of birth. */
const SAMORDNING_DAY_OFFSET = 60;

function isRealDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const pad = (value: number, length: number) => String(value).padStart(length, "0");

/**
 * A personnummer or samordningsnummer (day + 60), 10 or 12 digits, with or without the
 * separator. A 10-digit number's century is the latest that does not put the birth in the
 * future on `today` (YYYY-MM-DD), a hundred years earlier with "+" (the 100-year separator).
 * Null when the format, the date or the check digit is wrong, or the birth is after `today`.
 */
export function parsePersonnummer(input: string, today: string): ParsedPersonnummer | null {
  const match = /^(\d{2})?(\d{2})(\d{2})(\d{2})([-+]?)(\d{3})(\d)$/.exec(input.replace(/\s/g, ""));
  if (!match) return null;
  const [, century, yy, mm, dd, separator, serial, check] = match as unknown as string[];
  if (century && separator === "+") return null;
  if (!luhnValid(`${yy}${mm}${dd}${serial}${check}`)) return null;
  const month = Number(mm);
  let day = Number(dd);
  const samordningsnummer = day > SAMORDNING_DAY_OFFSET;
  if (samordningsnummer) day -= SAMORDNING_DAY_OFFSET;
  let year: number;
  if (century) {
    year = Number(`${century}${yy}`);
  } else {
    const todayYear = Number(today.slice(0, 4));
    year = Math.floor(todayYear / 100) * 100 + Number(yy);
    const birth = `${pad(year, 4)}-${mm}-${pad(day, 2)}`;
    if (birth > today) year -= 100;
    if (separator === "+") year -= 100;
  }
  if (!isRealDate(year, month, day)) return null;
  const birthDate = `${pad(year, 4)}-${mm}-${pad(day, 2)}`;
  if (birthDate > today) return null;
  return { normalised: `${pad(year, 4)}${mm}${dd}${serial}${check}`, birthDate, samordningsnummer };
}

/**
 * Whether someone born on `birthDate` has turned `age` on `today` (both YYYY-MM-DD, Stockholm's
 * calendar). True on the birthday itself; someone born on 29 February turns a year older on
 * 1 March in common years (decision 044).
 */
export function hasTurned(birthDate: string, today: string, age: number): boolean {
  const [year, month, day] = birthDate.split("-").map(Number) as [number, number, number];
  const birthday = `${pad(year + age, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
  return birthday <= today;
}

/** Whole years of age on `today` (both YYYY-MM-DD), by the same birthday rule as `hasTurned`. */
export function ageOn(birthDate: string, today: string): number {
  const years = Number(today.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return hasTurned(birthDate, today, years) ? years : years - 1;
}

/**
 * The form shown on pages: the twelve-digit date part and the last four hidden,
 * `YYYYMMDD-••••` (the same bullet as masked payout details). Anything that is not twelve digits
 * masks whole.
 */
export function maskPersonnummer(normalised: string): string {
  return /^\d{12}$/.test(normalised) ? `${normalised.slice(0, 8)}-••••` : "••••••••-••••";
}
