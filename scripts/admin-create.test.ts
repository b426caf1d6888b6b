/**
 * `npm run admin:create` as an operator runs it, in its own process on a fresh embedded
 * database: the one-time link points at the site the configuration names (PUBLIC_URL, else
 * http://localhost:$PORT), and an unset PUBLIC_URL is said out loud rather than silently
 * printing a localhost link.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

function adminCreate(env: Record<string, string>): { code: number | null; stdout: string; stderr: string } {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "skinhamnen-admin-create-"));
  try {
    const { PUBLIC_URL: _publicUrl, PORT: _port, ...inherited } = process.env;
    const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/admin-create.ts", "--email", "chef@example.se"], {
      env: { ...inherited, NODE_ENV: "production", DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "silent", SMTP_URL: "", ...env },
      encoding: "utf8",
      timeout: 60_000,
    });
    return { code: result.status, stdout: result.stdout, stderr: result.stderr };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const linkOf = (stdout: string) => new URL(/https?:\/\/\S+\/api\/auth\/reset-password\/\S+/.exec(stdout)![0]);

describe("npm run admin:create", () => {
  it("prints the link on PUBLIC_URL", () => {
    const run = adminCreate({ PUBLIC_URL: "https://butik.example.se", TRUST_PROXY: "1" });
    expect(run.code, run.stderr).toBe(0);
    expect(linkOf(run.stdout).origin).toBe("https://butik.example.se");
    expect(run.stderr).not.toContain("PUBLIC_URL");
  }, 90_000);

  it("prints the link on PORT when PUBLIC_URL is unset, and says that it guessed", () => {
    const run = adminCreate({ PORT: "4517" });
    expect(run.code, run.stderr).toBe(0);
    expect(linkOf(run.stdout).origin).toBe("http://localhost:4517");
    expect(run.stderr).toContain("PUBLIC_URL is not set: the link below uses http://localhost:4517");
  }, 90_000);
});
