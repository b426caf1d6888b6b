/** The data export's inputs (decision 048), shared by the /profile card and the server. Isomorphic. */
import { z } from "~/lib/zod";
import { DATA_EXPORT_MESSAGES } from "./data-export-constants";

/** "Ladda ner mina uppgifter": the form carries nothing but its intent. */
export const dataExportRequestSchema = z.object({ intent: z.literal("data-export") });

/** The download's path segment: an export id, or the export "does not exist". */
export const dataExportIdSchema = z.uuid(DATA_EXPORT_MESSAGES.notFound);
