/**
 * The one import of zod (docs/decisions/023-request-work-and-front-end-weight.md). Zod 4 would
 * otherwise probe `new Function` to compile fast object parsers; the site's CSP forbids eval,
 * so the probe only produces a CSP violation in the browser. Jitless parsing never tries.
 */
import { z } from "zod";

z.config({ jitless: true });

export { z };
