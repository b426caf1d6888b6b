/**
 * The record form's line items without JavaScript (docs/decisions/033-client-form-path.md):
 * "Lägg till föremål" and "Ta bort" are then submit buttons that post the form as it stands, and
 * the page answers with the same values, a line added or removed, and records nothing. With
 * JavaScript the form edits its lines itself and never posts these.
 */
import { TRADE_LIMITS } from "./trades-constants";

const LINE_FIELDS = ["skinName", "wear", "float", "variant", "price"] as const;
export type DraftLine = Record<(typeof LINE_FIELDS)[number], string>;

export const BLANK_LINE: DraftLine = { skinName: "", wear: "FT", float: "", variant: "", price: "" };

export const LINE_EDIT_MESSAGES = {
  added: "Ett föremål till har lagts till. Fyll i det och registrera affären.",
  removed: "Föremålet har tagits bort.",
} as const;

export type LineEdit = { add: true } | { remove: number };

/** The button that posted the form, if it was one of the line buttons. */
export function lineEdit(input: Record<string, unknown>): LineEdit | null {
  if (input.addItem === "1") return { add: true };
  if (typeof input.removeItem === "string" && /^\d{1,3}$/.test(input.removeItem)) return { remove: Number(input.removeItem) };
  return null;
}

/** The posted lines (`items.0.skinName`, …) in the order of their positions. */
export function draftLines(values: Record<string, string>): DraftLine[] {
  const positions = new Set<number>();
  for (const name of Object.keys(values)) {
    const match = /^items\.(\d{1,3})\./.exec(name);
    if (match) positions.add(Number(match[1]));
  }
  return [...positions]
    .sort((a, b) => a - b)
    .slice(0, TRADE_LIMITS.maxItems)
    .map((position) => {
      const line = { ...BLANK_LINE };
      for (const field of LINE_FIELDS) line[field] = values[`items.${position}.${field}`] ?? BLANK_LINE[field];
      return line;
    });
}

/** The form's values with a line added or removed, the lines numbered from 0 again. */
export function editDraft(values: Record<string, string>, edit: LineEdit): Record<string, string> {
  const lines = draftLines(values);
  if ("add" in edit) {
    if (lines.length < TRADE_LIMITS.maxItems) lines.push({ ...BLANK_LINE });
  } else if (lines.length > 1) {
    lines.splice(edit.remove, 1);
  }
  const next: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    if (!name.startsWith("items.") && name !== "addItem" && name !== "removeItem") next[name] = value;
  }
  lines.forEach((line, index) => {
    for (const field of LINE_FIELDS) next[`items.${index}.${field}`] = line[field];
  });
  return next;
}
