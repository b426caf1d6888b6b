/**
 * `npm run bot:login` as an operator runs it, in its own process against the local Steam fake
 * (docs/rules/bots.md#signing-a-bot-in): the printed refresh token renews a session with the
 * bot client; a wrong password and a wrong Guard code are answered in Swedish with a non-zero
 * exit; the password, the shared secret and the Guard code never appear in what it writes.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOT_LOGIN_MESSAGES } from "../app/modules/bots/bot-login.server";
import { steamGuardCode } from "../app/modules/bots/steam-guard.server";
import { steamBotClient } from "../app/modules/bots/steam-bot-client.server";
import { FakeSteamWebApi } from "../server/fakes/steam-web-api";
import type { FakeBotCredentials } from "../server/fakes/steam-trading";

const STEAM_ID = "76561198000003003";
const ACCOUNT = "skinhamnen_bot_3";
const PASSWORD = "Hemligt-lösen-9!";
let api: FakeSteamWebApi;
let bot: FakeBotCredentials;
let dir: string;

beforeAll(async () => {
  api = await new FakeSteamWebApi().start();
  bot = api.trading.addBot(STEAM_ID);
  api.trading.setLogin(STEAM_ID, ACCOUNT, PASSWORD);
  dir = mkdtempSync(path.join(os.tmpdir(), "skinhamnen-bot-login-"));
});
afterAll(async () => {
  await api?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs the command with `input` on stdin (asynchronously: the fake answers from this process). */
function botLogin(input: string, args: string[] = []): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/bot-login.ts", ...args], {
      env: { ...process.env, STEAM_API_URL: api.url, LOG_LEVEL: "silent" },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

function expectNoSecrets(run: { stdout: string; stderr: string }, sharedSecret: string) {
  const everything = run.stdout + run.stderr;
  expect(everything).not.toContain(PASSWORD);
  expect(everything).not.toContain(sharedSecret);
  const now = Math.floor(Date.now() / 1000);
  for (const time of [now - 60, now - 30, now]) expect(everything).not.toContain(steamGuardCode(sharedSecret, time));
}

describe("npm run bot:login", () => {
  it("prints a refresh token that renews the bot's session, and tells the admin where to paste it", async () => {
    const run = await botLogin(`${ACCOUNT}\n${PASSWORD}\n${bot.sharedSecret}\n`);
    expect(run.code, run.stderr).toBe(0);
    const token = run.stdout.trim();
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(run.stderr).toContain("Botar");
    expect(run.stderr).toContain(STEAM_ID);
    expectNoSecrets(run, bot.sharedSecret);
    const client = steamBotClient({ steamId: STEAM_ID, refreshToken: token, sharedSecret: bot.sharedSecret, identitySecret: bot.identitySecret }, { apiUrl: api.url, communityUrl: api.url });
    expect(await client.renewSession()).toEqual({ kind: "ok" });
  }, 60_000);

  it("reads the account name and shared secret from a .maFile", async () => {
    const file = path.join(dir, `${STEAM_ID}.maFile`);
    writeFileSync(file, JSON.stringify({ account_name: ACCOUNT, shared_secret: bot.sharedSecret, identity_secret: bot.identitySecret, Session: { SteamID: Number(STEAM_ID) } }));
    const run = await botLogin(`${PASSWORD}\n`, ["--mafile", file]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.trim()).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expectNoSecrets(run, bot.sharedSecret);
  }, 60_000);

  it("answers a wrong password and a wrong Guard code in Swedish, exits non-zero and prints no token", async () => {
    const wrongPassword = await botLogin(`${ACCOUNT}\nfel-lösenord\n${bot.sharedSecret}\n`);
    expect(wrongPassword.code).not.toBe(0);
    expect(wrongPassword.stderr).toContain(BOT_LOGIN_MESSAGES.badPassword);
    expect(wrongPassword.stdout).toBe("");
    expectNoSecrets(wrongPassword, bot.sharedSecret);

    const otherSecret = Buffer.alloc(20, 7).toString("base64");
    const wrongCode = await botLogin(`${ACCOUNT}\n${PASSWORD}\n${otherSecret}\n`);
    expect(wrongCode.code).not.toBe(0);
    expect(wrongCode.stderr).toContain(BOT_LOGIN_MESSAGES.badCode);
    expect(wrongCode.stdout).toBe("");
    expectNoSecrets(wrongCode, otherSecret);

    const badSecret = await botLogin(`${ACCOUNT}\n${PASSWORD}\ninte-base64\n`);
    expect(badSecret.code).not.toBe(0);
    expect(badSecret.stderr).toContain("Shared secret ska vara Base64");
  }, 90_000);
});
