import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import {
  checkRepository,
  decisionNumbers,
  docReferences,
  formatProblems,
  headingAnchors,
  headingSlug,
  outsideCitations,
} from "./doc-links";

// Written with escapes, so this file cites nothing itself.
const SECTION = "\u00a7";
const DESIGN_NOTES = "DESIGN\u002emd";
const MISSING_DECISION = "099";

describe("GitHub heading anchors", () => {
  it("lower-cases, drops punctuation and joins words with hyphens", () => {
    expect(headingSlug("Extras fixed when a trade is recorded")).toBe("extras-fixed-when-a-trade-is-recorded");
    expect(headingSlug("Points and XP")).toBe("points-and-xp");
    expect(headingSlug("Sign-up")).toBe("sign-up");
    expect(headingSlug("Structured data (`seo_script`)")).toBe("structured-data-seo_script");
    expect(headingSlug("Åtkomst för personal")).toBe("åtkomst-för-personal");
    expect(headingSlug("See [the ledger](loyalty.md#ledger)")).toBe("see-the-ledger");
  });

  it("numbers repeated headings and ignores headings inside code fences", () => {
    const anchors = headingAnchors(["# Title", "## Order", "```md", "## Not a heading", "```", "### Order"].join("\n"));
    expect([...anchors]).toEqual(["title", "order", "order-1"]);
  });
});

describe("finding references", () => {
  it("finds rule and decision files with their anchors and lines", () => {
    const text = "// docs/rules/accounts.md#redirects\n/* see docs/decisions/014-account-flows.md and docs/rules/jobs.md. */";
    expect(docReferences(text)).toEqual([
      { file: "docs/rules/accounts.md", anchor: "redirects", line: 1 },
      { file: "docs/decisions/014-account-flows.md", anchor: null, line: 2 },
      { file: "docs/rules/jobs.md", anchor: null, line: 2 },
    ]);
    expect(decisionNumbers("limits (decision 010) and decisions 014")).toEqual([
      { number: "010", line: 1 },
      { number: "014", line: 1 },
    ]);
  });

  it("flags citations of documents outside the repository", () => {
    const text = [`// spec ${SECTION}5: required`, `// (${DESIGN_NOTES} invariant 1)`, "// RFC 6265 \u00a75.2.3 is fine"].join("\n");
    expect(outsideCitations(text).map((citation) => citation.line)).toEqual([1, 2]);
  });
});

describe("checking a repository", () => {
  let root: string;
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  function repository(files: Record<string, string>): string {
    root = mkdtempSync(path.join(os.tmpdir(), "doc-links-"));
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    }
    return root;
  }

  const rules = "# Accounts\n\n## Sign-up\n\nSee [redirects](#redirects) and [jobs](jobs.md#the-runner).\n\n## Redirects\n";
  const jobs = "# Jobs\n\n## The runner\n";

  it("passes when every reference resolves", () => {
    const dir = repository({
      "docs/rules/accounts.md": rules,
      "docs/rules/jobs.md": jobs,
      "docs/decisions/010-rate-limits.md": "# 010\n",
      "app/a.ts": "// docs/rules/accounts.md#sign-up (decision 010)\n",
    });
    expect(checkRepository(dir, { pendingCitations: [] })).toEqual([]);
  });

  it("fails on a missing file, a missing heading, a missing decision and an outside citation", () => {
    const dir = repository({
      "docs/rules/accounts.md": rules.replace("## Redirects", "## Where to go"),
      "docs/rules/jobs.md": jobs,
      "app/a.ts": "// docs/rules/accounts.md#sign-in\n// docs/rules/blog.md#list\n",
      "server/b.ts": `// decision ${MISSING_DECISION}\n// spec ${SECTION}4\n`,
    });
    expect(formatProblems(checkRepository(dir, { pendingCitations: [] })).split("\n")).toEqual([
      "app/a.ts:1: docs/rules/accounts.md has no heading #sign-in",
      "app/a.ts:2: docs/rules/blog.md does not exist",
      `server/b.ts:1: decision ${MISSING_DECISION} has no record in docs/decisions/`,
      `server/b.ts:2: cites a document outside the repository; point to docs/rules/ or docs/decisions/ instead: // spec ${SECTION}4`,
      "docs/rules/accounts.md:5: docs/rules/accounts.md has no heading #redirects",
    ]);
  });

  it("allows a pending file to cite outside documents only while it still does", () => {
    const dir = repository({
      "docs/rules/jobs.md": jobs,
      "app/constants.ts": `// spec ${SECTION}9\n`,
      "app/root.tsx": "// docs/rules/jobs.md#the-runner\n",
    });
    expect(formatProblems(checkRepository(dir, { pendingCitations: ["app/constants.ts", "app/root.tsx"] }))).toBe(
      "app/root.tsx:0: no outside citation left: remove it from the pending list",
    );
  });
});

describe("this repository", () => {
  it("has a rule page or decision record for every reference in app/, server/, scripts/ and tests/", () => {
    const problems = checkRepository(fileURLToPath(new URL("..", import.meta.url)));
    expect(formatProblems(problems)).toBe("");
  });
});
