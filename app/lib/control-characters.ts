/**
 * Control characters (Unicode Cc: NUL, escape, line breaks, DEL, C1) never belong in a field
 * typed into a one-line input or in an identifier a link carries. PostgreSQL refuses NUL in
 * text outright, so one let through turns bad input into a server error.
 */
const CONTROL_CHARACTER = /\p{Cc}/u;
const CONTROL_CHARACTERS = /\p{Cc}/gu;

export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTER.test(value);
}

/** For text we did not get from the visitor (an identity provider's name): cleaned, not refused. */
export function withoutControlCharacters(value: string): string {
  return value.replace(CONTROL_CHARACTERS, "");
}
