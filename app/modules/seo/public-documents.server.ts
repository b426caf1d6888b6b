/**
 * Reading the site's public documents as an anonymous visitor (a crawler) gets them: the SEO
 * Dashboard's site-wide checks read the served sitemap, RSS feed, robots.txt and public pages
 * rather than recomputing them, so a route that breaks shows up. The server registers a reader
 * that renders in-process through React Router (no network, no cookies, no client headers).
 */
import { singleton } from "~/platform/singleton.server";

export interface PublicDocument {
  status: number;
  body: string;
}

export type PublicDocumentReader = (path: string) => Promise<PublicDocument>;

const registry = singleton("public-document-reader", () => ({ reader: null as PublicDocumentReader | null }));

export function setPublicDocumentReader(reader: PublicDocumentReader): void {
  registry.reader = reader;
}

/** The registered reader; without a server (scripts, unit tests) every document is unreadable. */
export function publicDocumentReader(): PublicDocumentReader {
  return registry.reader ?? (async () => ({ status: 0, body: "" }));
}
