/**
 * `npm run bot:login [-- --mafile <path>]` (docs/rules/bots.md#signing-a-bot-in): signs a bot
 * account in to Steam once, as Steam's mobile app does, and prints its refresh token for the
 * admin to paste into Transactions → "Botar". Asks for the account name, the password (not shown
 * while typed) and the Steam Guard shared secret, or reads the name and secret from the
 * authenticator's `.maFile` (JSON: `account_name`, `shared_secret`). Talks to STEAM_API_URL
 * (Steam's Web API unless set; the local fake in tests and offline development). Never prints or
 * logs the password, the secret or a Guard code; the token is printed once, on standard output.
 */
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import { parseArgs } from "node:util";
import { z } from "../app/lib/zod";
import { signInBot } from "../app/modules/bots/bot-login.server";

const usage = "Användning: npm run bot:login [-- --mafile <sökväg till .maFile>]";
const apiUrl = process.env.STEAM_API_URL || "https://api.steampowered.com";

const guardSecret = z.string().trim().regex(/^[A-Za-z0-9+/]{27}=$/, "Shared secret ska vara Base64 (20 byte), som i Steam Guard-filen.");
const maFileSchema = z.object({ account_name: z.string().trim().min(1), shared_secret: guardSecret });

function fail(message: string, code = 1): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

let maFilePath: string | undefined;
try {
  const { values } = parseArgs({ options: { mafile: { type: "string" } }, strict: true });
  maFilePath = values.mafile;
} catch {
  fail(usage, 2);
}

// A muted output while the password is typed on a terminal; piped input is read as it comes.
let muted = false;
const output = new Writable({
  write(chunk, _encoding, done) {
    if (!muted) process.stderr.write(chunk);
    done();
  },
});
const lines = createInterface({ input: process.stdin, output, terminal: Boolean(process.stdin.isTTY) });
const queued: string[] = [];
const waiting: Array<(line: string | null) => void> = [];
lines.on("line", (line) => (waiting.length ? waiting.shift()!(line) : queued.push(line)));
lines.on("close", () => waiting.splice(0).forEach((resolve) => resolve(null)));

async function ask(question: string, hidden = false): Promise<string> {
  process.stderr.write(question);
  muted = hidden && Boolean(process.stdin.isTTY);
  const line = queued.length ? queued.shift()! : await new Promise<string | null>((resolve) => waiting.push(resolve));
  if (muted) process.stderr.write("\n");
  muted = false;
  if (line === null) fail("\nInmatningen tog slut innan alla uppgifter var angivna.");
  return line.trim();
}

let accountName: string;
let sharedSecret: string;
if (maFilePath) {
  let parsed;
  try {
    parsed = maFileSchema.safeParse(JSON.parse(readFileSync(maFilePath, "utf8")));
  } catch {
    fail("Steam Guard-filen kunde inte läsas som JSON.");
  }
  if (!parsed.success) fail("Steam Guard-filen saknar account_name eller ett giltigt shared_secret.");
  ({ account_name: accountName, shared_secret: sharedSecret } = parsed.data);
  process.stderr.write(`Konto från Steam Guard-filen: ${accountName}\n`);
} else {
  accountName = await ask("Botens kontonamn hos Steam: ");
  if (!accountName) fail("Ange botens kontonamn.");
}
const password = await ask("Lösenord (visas inte): ", true);
if (!password) fail("Ange botens lösenord.");
if (!maFilePath) {
  const secret = guardSecret.safeParse(await ask("Steam Guard shared secret (visas inte): ", true));
  if (!secret.success) fail(secret.error.issues[0]!.message);
  sharedSecret = secret.data;
}
lines.close();

const result = await signInBot({ accountName, password, sharedSecret: sharedSecret! }, { apiUrl });
if (!result.ok) fail(result.message);
process.stderr.write(`Inloggad som SteamID64 ${result.steamId}. Refresh-token (visas bara nu):\n`);
process.stdout.write(`${result.refreshToken}\n`);
process.stderr.write(
  'Klistra in den i Transaktioner → "Botar": "Lägg till bot" (med SteamID64 ovan, shared secret och identity secret) eller "Byt inloggningsuppgifter". Spara den inte någon annanstans.\n',
);
