/**
 * Every claim on the public site as rendered by the production build
 * (docs/rules/site.md#marketing-claims): each public page is fetched and its text scanned for
 * the kinds of claim the claims module owns — a founding year, a payout time, a fee, a payment
 * method, another game — and each found must say what `app/modules/marketing/claims.ts` says.
 * A claim edited on one page to contradict its source ("sedan 2016", "Swish inom 1-5 minuter"
 * while Swish is paid by hand, "0% avgift", a Klarna badge) fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPANY } from "~/lib/company";
import { PUBLIC_PAGES } from "~/lib/public-pages";
import { CLAIMS, PAYOUT_CLAIMS } from "~/modules/marketing/claims";
import { startInProcessServer, type InProcessServer } from "./in-process-server";

let server: InProcessServer;
const texts = new Map<string, string>();

/** The page's visible text: no scripts or tags, entities and no-break spaces as plain spaces. */
function visibleText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<style[\s\S]*?<\/style>/g, " ")
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;|\u00a0|\u202f/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, " ");
}

beforeAll(async () => {
  server = await startInProcessServer();
  for (const { path } of [...PUBLIC_PAGES, { path: "/salja/vardering" }]) {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status, path).toBe(200);
    texts.set(path, visibleText(await response.text()));
  }
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const everyPage = () => [...texts.entries()];

describe("every claim on the public site says what its source says", () => {
  it("names one founding year", () => {
    // Blog posts are editorial ("Sedan 2025 har Valve …"), not claims about us.
    for (const [path, text] of everyPage().filter(([path]) => path !== "/blog")) {
      for (const match of text.matchAll(/\b(?:sedan|grundat|grundades|startade vi[^.]*?)\s+(\d{4})\b/gi)) {
        expect(Number(match[1]), `${path}: "${match[0]}"`).toBe(COMPANY.foundedYear);
      }
    }
  });

  it("states no payout or delivery time in minutes or bank days on a public page", () => {
    // Public pages state the manual promise whatever is configured; only a member's own order
    // states an automatic method's time, when its gateway is on (decision 051).
    for (const [path, text] of everyPage()) {
      expect(text, path).not.toMatch(/\d+\s*[-–]\s*\d+\s*(?:minuter|bankdagar)/);
    }
    expect(texts.get("/")).toContain(PAYOUT_CLAIMS.swish);
  });

  it("claims no fee percentage and no competitor's fees, and says what a quote pays", () => {
    // The XP page's purchase fee per level is a loyalty rule read from the level table, not a claim.
    for (const [path, text] of everyPage().filter(([path]) => path !== "/xp-system")) {
      // A fee we do not take (selling is free; a purchase's level fee is a loyalty rule, not a claim).
      expect(text, path).not.toMatch(/\b0\s*%\s*(?:i\s+)?avgift/i);
      expect(text, path).not.toMatch(/andra (?:handlare )?tar/i);
      expect(text, path).not.toMatch(/till marknadspris/i);
    }
    expect(texts.get("/salja-skins")).toContain(CLAIMS.rates);
    expect(texts.get("/faq")).toContain(CLAIMS.fees);
  });

  it("shows only the payment methods checkout offers", () => {
    for (const [path, text] of everyPage()) {
      expect(text, path).not.toMatch(/\bKlarna\b/);
      const badges = /Betalningsmetoder/.test(text);
      if (badges) for (const method of CLAIMS.paymentMethods) expect(text, path).toContain(method);
    }
  });

  it("names other games only as handled via chat", () => {
    for (const [path, text] of everyPage()) {
      // Each mention comes with the chat, in its own sentence or the answer beside it.
      for (const match of text.matchAll(/\b(?:Dota 2|Rust|TF2)\b/g)) {
        const near = text.slice(Math.max(0, match.index - 200), match.index + 300);
        expect(near, path).toMatch(/chatt/);
      }
    }
  });
});
