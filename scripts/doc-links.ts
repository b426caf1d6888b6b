/**
 * Keeps every reference from the code to the product rules followable: each
 * `docs/rules/<file>.md#<heading>` or `docs/decisions/<file>.md` named in app/, server/,
 * scripts/ or tests/ must exist, down to the heading (GitHub's anchor for it), every
 * "decision NNN" must have its record, links between the rule pages must resolve, and no code
 * may cite a document that is not in the repository. `npx tsx scripts/doc-links.ts` prints the
 * problems; scripts/doc-links.test.ts fails on them.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Where code may cite documents from, and which files are text worth reading. */
const SOURCE_DIRS = ["app", "server", "scripts", "tests"];
const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|css|md|sql|json|html)$/;
const SKIPPED_DIRS = new Set(["node_modules", "build", ".react-router", "+types"]);

/** `docs/rules/<file>.md` or `docs/decisions/<file>.md`, each optionally with `#<anchor>`. */
const DOC_REFERENCE = /docs\/(rules|decisions)\/([\w.-]+?\.md)(#[\p{L}\p{N}_-]+)?/gu;
/** "decision 010", "decisions 014" (the record's number). */
const DECISION_NUMBER = /\bdecisions? (\d{3})\b/gi;
/**
 * Citations of documents outside the repository: the original product specification and
 * its design notes. Written with escapes so this file does not match itself.
 */
const OUTSIDE_CITATIONS = [/\bspec(?:'s)? \u00a7/i, /\bDESIGN\u002emd\b/, /product-spec\u002emd/];

export interface DocReference {
  /** e.g. `docs/rules/accounts.md` */
  file: string;
  /** Without the `#`; null when the reference names no heading. */
  anchor: string | null;
  line: number;
}

export interface Problem {
  /** Repository-relative path of the file holding the reference. */
  file: string;
  line: number;
  message: string;
}

/** GitHub's anchor for a heading's text: lower case, punctuation dropped, spaces as hyphens. */
export function headingSlug(text: string): string {
  return text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

/** Every heading anchor of a markdown document, numbered like GitHub when a heading repeats. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fence: string | null = null;
  for (const line of markdown.split("\n")) {
    const fenceMark = /^\s*(```+|~~~+)/.exec(line)?.[1];
    if (fenceMark) {
      if (fence === null) fence = fenceMark[0]!;
      else if (fenceMark[0] === fence) fence = null;
      continue;
    }
    if (fence !== null) continue;
    const heading = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const slug = headingSlug(heading[1]!);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

function lineAt(text: string, index: number): number {
  return text.slice(0, index).split("\n").length;
}

export function docReferences(text: string): DocReference[] {
  return [...text.matchAll(DOC_REFERENCE)].map((match) => ({
    file: `docs/${match[1]}/${match[2]}`,
    anchor: match[3] ? match[3].slice(1) : null,
    line: lineAt(text, match.index),
  }));
}

export function decisionNumbers(text: string): Array<{ number: string; line: number }> {
  return [...text.matchAll(DECISION_NUMBER)].map((match) => ({ number: match[1]!, line: lineAt(text, match.index) }));
}

/** Lines that cite a document outside the repository. */
export function outsideCitations(text: string): Array<{ line: number; text: string }> {
  return text
    .split("\n")
    .map((content, index) => ({ line: index + 1, text: content.trim() }))
    .filter(({ text: content }) => OUTSIDE_CITATIONS.some((pattern) => pattern.test(content)));
}

/** Relative links of a markdown page: `[text](other.md#anchor)`, `[text](#anchor)`. */
export function markdownLinks(markdown: string): Array<{ target: string; line: number }> {
  return [...markdown.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => ({ target: match[1]!, line: lineAt(markdown, match.index) }))
    .filter(({ target }) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

function sourceFiles(root: string, dir: string): string[] {
  const absolute = path.join(root, dir);
  if (!existsSync(absolute)) return [];
  const files: string[] = [];
  for (const entry of readdirSync(absolute, { withFileTypes: true })) {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) files.push(...sourceFiles(root, relative));
    } else if (TEXT_FILE.test(entry.name)) {
      files.push(relative);
    }
  }
  return files;
}

/**
 * Files that still cite outside documents because they are being changed elsewhere; each is
 * allowed only until its citations point into docs/. A listed file without any such citation
 * is a problem too, so this list can only shrink.
 */
export const PENDING_CITATIONS: readonly string[] = [
];

export interface CheckOptions {
  /** Files allowed to cite outside documents for now (default PENDING_CITATIONS). */
  pendingCitations?: readonly string[];
}

/** Every problem with the repository's document references (none means all is well). */
export function checkRepository(root: string, options: CheckOptions = {}): Problem[] {
  const problems: Problem[] = [];
  const anchorCache = new Map<string, Set<string> | null>();
  const anchorsOf = (file: string) => {
    if (!anchorCache.has(file)) {
      const absolute = path.join(root, file);
      anchorCache.set(file, existsSync(absolute) ? headingAnchors(readFileSync(absolute, "utf8")) : null);
    }
    return anchorCache.get(file)!;
  };
  const checkTarget = (from: string, line: number, file: string, anchor: string | null) => {
    const anchors = anchorsOf(file);
    if (!anchors) problems.push({ file: from, line, message: `${file} does not exist` });
    else if (anchor !== null && !anchors.has(anchor)) {
      problems.push({ file: from, line, message: `${file} has no heading #${anchor}` });
    }
  };

  const decisionsDir = path.join(root, "docs/decisions");
  const decisionFiles = existsSync(decisionsDir) ? readdirSync(decisionsDir) : [];
  const pending = new Set(options.pendingCitations ?? PENDING_CITATIONS);

  for (const file of SOURCE_DIRS.flatMap((dir) => sourceFiles(root, dir))) {
    const text = readFileSync(path.join(root, file), "utf8");
    for (const reference of docReferences(text)) checkTarget(file, reference.line, reference.file, reference.anchor);
    for (const { number, line } of decisionNumbers(text)) {
      if (!decisionFiles.some((name) => name.startsWith(`${number}-`) && name.endsWith(".md"))) {
        problems.push({ file, line, message: `decision ${number} has no record in docs/decisions/` });
      }
    }
    const citations = outsideCitations(text);
    if (pending.has(file)) continue;
    for (const citation of citations) {
      problems.push({
        file,
        line: citation.line,
        message: `cites a document outside the repository; point to docs/rules/ or docs/decisions/ instead: ${citation.text}`,
      });
    }
  }

  for (const file of pending) {
    const absolute = path.join(root, file);
    if (!existsSync(absolute) || outsideCitations(readFileSync(absolute, "utf8")).length === 0) {
      problems.push({ file, line: 0, message: "no outside citation left: remove it from the pending list" });
    }
  }

  const rulesDir = path.join(root, "docs/rules");
  const pages = existsSync(rulesDir) ? readdirSync(rulesDir).filter((name) => name.endsWith(".md")) : [];
  for (const page of [...pages.map((name) => `docs/rules/${name}`), "README.md"]) {
    const absolute = path.join(root, page);
    if (!existsSync(absolute)) continue;
    for (const { target, line } of markdownLinks(readFileSync(absolute, "utf8"))) {
      const [target_path = "", anchor = null] = target.split("#") as [string, string?];
      if (target_path && !target_path.endsWith(".md")) {
        if (!existsSync(path.join(path.dirname(absolute), target_path))) {
          problems.push({ file: page, line, message: `${target_path} does not exist` });
        }
        continue;
      }
      const resolved = target_path ? path.posix.join(path.posix.dirname(page), target_path) : page;
      checkTarget(page, line, resolved, anchor);
    }
  }
  return problems;
}

export function formatProblems(problems: readonly Problem[]): string {
  return problems.map((problem) => `${problem.file}:${problem.line}: ${problem.message}`).join("\n");
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const problems = checkRepository(process.cwd());
  if (problems.length) {
    process.stderr.write(`${formatProblems(problems)}\n`);
    process.exit(1);
  }
  process.stdout.write("Every document reference resolves.\n");
}
