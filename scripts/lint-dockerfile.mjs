/**
 * Checks the Dockerfile and .dockerignore against the rules the production image relies on
 * (docs/decisions/037-production-kit.md). hadolint installs neither from Debian nor from npm here,
 * so this covers its rules that apply to this file, plus the image's own:
 * - known instructions; WORKDIR absolute (DL3000); no `cd` in RUN (DL3003); no sudo (DL3004);
 * - every FROM names a pinned tag, never `latest` (DL3006, DL3007), ARG defaults resolved;
 * - COPY, not ADD, for local files (DL3020); COPY --from names an earlier stage (DL3022);
 * - CMD and ENTRYPOINT in exec (JSON) form, so node receives signals itself (DL3025);
 * - the final stage runs as a non-root USER (DL3002) and has a HEALTHCHECK;
 * - .dockerignore keeps node_modules, .git, data/ and .env files out of the build context.
 * Prints one line per problem and exits 1 when there is any.
 */
import { readFileSync } from "node:fs";
import process from "node:process";

const INSTRUCTIONS = new Set([
  "FROM", "RUN", "CMD", "LABEL", "EXPOSE", "ENV", "ADD", "COPY", "ENTRYPOINT", "VOLUME",
  "USER", "WORKDIR", "ARG", "ONBUILD", "STOPSIGNAL", "HEALTHCHECK", "SHELL",
]);
const IGNORED = ["node_modules", ".git", "data", ".env"];

const problems = [];
const text = readFileSync("Dockerfile", "utf8");
const lines = text.split("\n");
const instructions = [];
for (let index = 0; index < lines.length; index++) {
  const number = index + 1;
  let line = lines[index].trim();
  if (!line || line.startsWith("#")) continue;
  while (line.endsWith("\\") && index + 1 < lines.length) line = `${line.slice(0, -1).trim()} ${lines[++index].trim()}`;
  const [keyword = "", ...rest] = line.split(/\s+/);
  instructions.push({ number, keyword: keyword.toUpperCase(), args: rest.join(" ") });
}

const report = (number, rule, message) => problems.push(`Dockerfile:${number} ${rule} ${message}`);
const args = new Map();
const stages = [];
let stage;
for (const { number, keyword, args: value } of instructions) {
  if (!INSTRUCTIONS.has(keyword)) report(number, "unknown", `unknown instruction ${keyword}`);
  if (keyword === "ARG" && !stage) {
    const [name, fallback] = value.split("=");
    if (fallback !== undefined) args.set(name, fallback);
  }
  if (keyword === "FROM") {
    const [image = "", as, name] = value.split(/\s+/);
    const resolved = image.replace(/\$\{?(\w+)\}?/g, (_, arg) => args.get(arg) ?? "");
    const earlier = stages.some((candidate) => candidate.name === resolved);
    if (!earlier && resolved !== "scratch") {
      const tag = resolved.includes("@") ? "digest" : resolved.split("/").at(-1).split(":")[1];
      if (!tag) report(number, "DL3006", `pin the image's tag: ${resolved || image}`);
      else if (tag === "latest") report(number, "DL3007", `do not use the latest tag: ${resolved}`);
    }
    stage = { name: as?.toUpperCase() === "AS" ? name : undefined, number, user: undefined, healthcheck: false, cmd: false };
    stages.push(stage);
    continue;
  }
  if (!stage) {
    if (keyword !== "ARG") report(number, "DL3061", `${keyword} before the first FROM`);
    continue;
  }
  if (keyword === "WORKDIR" && !value.startsWith("/") && !value.startsWith("$")) report(number, "DL3000", "use an absolute WORKDIR");
  if (keyword === "RUN" && /(^|[;&|]\s*)cd\s/.test(value)) report(number, "DL3003", "use WORKDIR to switch to a directory");
  if (keyword === "RUN" && /(^|[;&|]\s*)sudo\s/.test(value)) report(number, "DL3004", "do not use sudo");
  if (keyword === "ADD" && !/\s(https?:\/\/|git@)/.test(` ${value}`)) report(number, "DL3020", "use COPY instead of ADD for files and folders");
  if (keyword === "COPY") {
    const from = /--from=(\S+)/.exec(value)?.[1];
    if (from && !/^\d+$/.test(from) && !stages.slice(0, -1).some((candidate) => candidate.name === from) && !from.includes(":")) {
      report(number, "DL3022", `COPY --from names no earlier stage: ${from}`);
    }
  }
  if (keyword === "CMD" || keyword === "ENTRYPOINT") {
    let exec = false;
    try {
      const parsed = JSON.parse(value);
      exec = Array.isArray(parsed) && parsed.every((part) => typeof part === "string");
    } catch {
      exec = false;
    }
    if (!exec) report(number, "DL3025", `${keyword} in exec (JSON) form, so signals reach the process`);
    if (keyword === "CMD") stage.cmd = true;
  }
  if (keyword === "USER") stage.user = { number, name: value };
  if (keyword === "HEALTHCHECK") stage.healthcheck = !/^NONE$/i.test(value);
}

const final = stages.at(-1);
if (!final) report(1, "DL3061", "no FROM");
else {
  if (!final.user) report(final.number, "DL3002", "the final stage must switch to a non-root USER");
  else if (/^(root|0)(:|$)/.test(final.user.name)) report(final.user.number, "DL3002", "the last USER must not be root");
  if (!final.healthcheck) report(final.number, "healthcheck", "the final stage needs a HEALTHCHECK");
  if (!final.cmd) report(final.number, "cmd", "the final stage needs a CMD");
}

const ignored = readFileSync(".dockerignore", "utf8")
  .split("\n")
  .map((line) => line.trim().replace(/^\/|\/$/g, ""))
  .filter((line) => line && !line.startsWith("#"));
for (const entry of IGNORED) {
  if (!ignored.includes(entry)) problems.push(`.dockerignore: leave ${entry} out of the build context`);
}

for (const problem of problems) process.stderr.write(`${problem}\n`);
if (problems.length > 0) process.exit(1);
process.stdout.write(`Dockerfile: ${instructions.length} instructions in ${stages.length} stages, no problems\n`);
