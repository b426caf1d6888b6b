/**
 * Every public page, as a crawler sees it: a Swedish title and description, a canonical
 * URL, Open Graph and Twitter tags, and one JSON-LD @graph with the Organization (in
 * Helsingborg), the WebSite, a BreadcrumbList below the home page, and FAQPage where the
 * page has an FAQ.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_PAGES } from "~/lib/public-pages";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 90_000);
afterAll(async () => {
  await server?.stop();
});

const FAQ_PAGES = new Set(["/salja-skins", "/kop-skins", "/faq", "/xp-system", "/trade-protection"]);

function attr(html: string, pattern: RegExp): string | undefined {
  return pattern.exec(html)?.[1];
}

function meta(html: string, key: "name" | "property", value: string): string | undefined {
  const tag = new RegExp(`<meta[^>]*${key}="${value.replace(/[:.]/g, "\\$&")}"[^>]*>`).exec(html)?.[0];
  return tag ? attr(tag, /content="([^"]*)"/) : undefined;
}

function jsonLdGraph(html: string): Array<Record<string, unknown>> {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  const graphs = blocks
    .map((block) => JSON.parse(block[1]!) as { "@graph"?: Array<Record<string, unknown>> })
    .filter((value) => value["@graph"]);
  expect(graphs, "one @graph per page").toHaveLength(1);
  return graphs[0]!["@graph"]!;
}

describe.each(PUBLIC_PAGES.map((page) => page.path))("SEO of %s", (path) => {
  let html = "";
  beforeAll(async () => {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status).toBe(200);
    html = await response.text();
  });

  it("has a Swedish title and description", () => {
    const title = attr(html, /<title>([^<]+)<\/title>/);
    expect(title).toBeTruthy();
    expect(title).toContain("Skinhamnen");
    const description = meta(html, "name", "description");
    expect(description!.length).toBeGreaterThan(40);
    expect(html).toMatch(/<html lang="sv"/);
  });

  it("names its canonical URL", () => {
    const canonical = attr(html, /<link rel="canonical" href="([^"]+)"/);
    expect(canonical).toBe(`${server.url}${path === "/" ? "/" : path}`);
  });

  it("has Open Graph and Twitter tags", () => {
    expect(meta(html, "property", "og:title")).toBeTruthy();
    expect(meta(html, "property", "og:description")).toBeTruthy();
    expect(meta(html, "property", "og:url")).toBe(`${server.url}${path === "/" ? "/" : path}`);
    expect(meta(html, "property", "og:image")).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/.+\.(webp|png|jpg)$/);
    expect(meta(html, "property", "og:locale")).toBe("sv_SE");
    expect(meta(html, "name", "twitter:card")).toBe("summary_large_image");
  });

  it("has one JSON-LD graph with the Organization, the WebSite and its breadcrumbs", () => {
    const graph = jsonLdGraph(html);
    const types = graph.map((node) => node["@type"]);
    const organization = graph.find((node) => node["@type"] === "Organization") as
      | { address?: { addressLocality?: string } }
      | undefined;
    expect(organization?.address?.addressLocality).toBe("Helsingborg");
    expect(types).toContain("WebSite");
    if (path !== "/") expect(types).toContain("BreadcrumbList");
    if (FAQ_PAGES.has(path)) {
      const faq = graph.find((node) => node["@type"] === "FAQPage") as { mainEntity?: unknown[] } | undefined;
      expect(faq?.mainEntity?.length).toBeGreaterThan(0);
    }
  });
});

describe("pages kept out of search engines", () => {
  it.each(["/success", "/auth", "/email-confirmation"])("%s says noindex", async (path) => {
    const html = await (await fetch(`${server.url}${path}`)).text();
    expect(meta(html, "name", "robots")).toContain("noindex");
  });
});
