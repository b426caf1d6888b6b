/**
 * What the bookkeeping export's form sends (decision 047): a period of whole Stockholm days within
 * one calendar year (the file's financial year), each refusal in Swedish.
 */
import { z } from "~/lib/zod";
import { stockholmDayStart } from "~/lib/stockholm-time";

const BOOKKEEPING_MESSAGES = {
  from: "Ange periodens första dag (ÅÅÅÅ-MM-DD).",
  to: "Ange periodens sista dag (ÅÅÅÅ-MM-DD).",
  order: "Periodens sista dag kan inte vara före den första.",
  oneYear: "Perioden måste ligga inom ett kalenderår.",
} as const;

const day = (message: string) => z.string(message).refine((value) => stockholmDayStart(value) !== null, message);

export const sieExportSchema = z
  .object({ from: day(BOOKKEEPING_MESSAGES.from), to: day(BOOKKEEPING_MESSAGES.to) })
  .refine((period) => period.from <= period.to, { message: BOOKKEEPING_MESSAGES.order, path: ["to"] })
  .refine((period) => period.from.slice(0, 4) === period.to.slice(0, 4), { message: BOOKKEEPING_MESSAGES.oneYear, path: ["to"] });
