/**
 * `npm start` serves the production build (plain node, no transpiler); this builds it first when it is missing or older
 * than the sources, so a fresh clone needs only `npm install && npm start`.
 */
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import process from "node:process";

const BUILD_ENTRY = "build/server/main.js";
const SOURCES = ["app", "server", "public", "package.json", "vite.config.ts", "react-router.config.ts"];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const builtAt = existsSync(BUILD_ENTRY) ? statSync(BUILD_ENTRY).mtimeMs : 0;
const sourcesAt = Math.max(...SOURCES.map(newestMtime));
if (builtAt < sourcesAt) {
  process.stdout.write(builtAt ? "Sources changed: rebuilding…\n" : "No build yet: building…\n");
  execSync("npx react-router build", { stdio: "inherit" });
}
