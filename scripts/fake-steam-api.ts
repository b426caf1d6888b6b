/**
 * Runs the fake Steam Web API for offline development (README "Offline Steam"):
 *   npx tsx scripts/fake-steam-api.ts            # port 3399, key "fake-steam-key"
 * then start the app with STEAM_API_URL=http://127.0.0.1:3399 STEAM_API_KEY=fake-steam-key.
 */
import { FakeSteamWebApi } from "../server/fakes/steam-web-api";

const port = Number(process.env.FAKE_STEAM_PORT ?? 3399);
const fake = await new FakeSteamWebApi(process.env.FAKE_STEAM_KEY ?? "fake-steam-key").start(port);
process.stdout.write(`fake Steam Web API on ${fake.url} (key ${fake.apiKey}); POST /fake/offers/{id} {"state":3} to accept an offer\n`);
