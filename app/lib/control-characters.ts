/**
 * Control characters (Unicode Cc: NUL, escape, DEL, C1 …) never belong in text a visitor sends
 * or in an identifier a link carries (docs/rules/http.md#text). PostgreSQL refuses NUL in text
 * outright, so one let through turns bad input into a server error. Multi-line text may hold
 * tab, line feed and carriage return; nothing else.
 */
const ANY_CONTROL = /\p{Cc}/u;
const CONTROL_BUT_LINE_BREAKS = /(?![\t\n\r])\p{Cc}/u;
const CONTROL_CHARACTERS = /\p{Cc}/gu;

export function hasControlCharacters(value: string, options: { allowLineBreaks?: boolean } = {}): boolean {
  return (options.allowLineBreaks ? CONTROL_BUT_LINE_BREAKS : ANY_CONTROL).test(value);
}

/** For text we did not get from the visitor (an identity provider's name): cleaned, not refused. */
export function withoutControlCharacters(value: string): string {
  return value.replace(CONTROL_CHARACTERS, "");
}
