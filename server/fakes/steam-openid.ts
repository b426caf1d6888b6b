/**
 * A local Steam OpenID 2.0 provider on 127.0.0.1, for HTTP tests (the browser journeys of
 * tests/e2e/social.spec.ts run their own) and offline development (`npm run fakes`):
 * `checkid_setup` sends the browser straight back with an `id_res` assertion for the configured
 * Steam id, and `check_authentication` answers `is_valid` as configured.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeSteamOpenId {
  /** The endpoint to configure as STEAM_OPENID_URL. */
  endpoint: string;
  steamId: string;
  isValid: boolean;
  checkAuthentications: URLSearchParams[];
  stop(): Promise<void>;
}

export async function startFakeSteamOpenId(steamId: string, port = 0): Promise<FakeSteamOpenId> {
  let endpoint = "";
  const fake: FakeSteamOpenId = {
    endpoint,
    steamId,
    isValid: true,
    checkAuthentications: [],
    stop: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (url.pathname !== "/openid/login") {
      res.writeHead(404).end();
      return;
    }
    if (req.method === "POST") {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        const params = new URLSearchParams(body);
        fake.checkAuthentications.push(params);
        const valid = fake.isValid && params.get("openid.mode") === "check_authentication";
        res.writeHead(200, { "content-type": "text/plain" }).end(`ns:http://specs.openid.net/auth/2.0\nis_valid:${valid}\n`);
      });
      return;
    }
    const returnTo = url.searchParams.get("openid.return_to") ?? "";
    const back = new URL(returnTo);
    const claimed = `https://steamcommunity.com/openid/id/${fake.steamId}`;
    const fields = {
      "openid.ns": "http://specs.openid.net/auth/2.0",
      "openid.mode": "id_res",
      "openid.op_endpoint": endpoint,
      "openid.claimed_id": claimed,
      "openid.identity": claimed,
      "openid.return_to": returnTo,
      "openid.response_nonce": `${new Date().toISOString().replace(/\.\d{3}Z$/, "Z")}${Math.random().toString(36).slice(2)}`,
      "openid.assoc_handle": "1234567890",
      "openid.signed": "signed,op_endpoint,claimed_id,identity,return_to,response_nonce,assoc_handle",
      "openid.sig": "ZmFrZS1zaWduYXR1cmU=",
    };
    for (const [key, value] of Object.entries(fields)) back.searchParams.set(key, value);
    res.writeHead(302, { location: back.toString() }).end();
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/openid/login`;
  fake.endpoint = endpoint;
  return fake;
}
