import type { TestProject } from "vitest/node";
import { startLoopbackServer } from "./loopback-server";

// Cloudflare Realtime TURN's credential endpoint on loopback, for the workerd tests (a vitest
// globalSetup: its origin is provided as "fakeTurnUrl"; point TURN_API_URL at it, with TURN_KEY_ID
// and TURN_KEY_API_TOKEN set to FAKE_TURN_KEY_ID and FAKE_TURN_KEY_API_TOKEN).
//   POST /v1/turn/keys/<key id>/credentials/generate-ice-servers   Authorization: Bearer <token>,
//        body {"ttl": seconds}: answers 201 {iceServers: [...]} as Cloudflare does, with a STUN and a
//        TURN server (some URLs on port 53, as Cloudflare lists them) and a new username and
//        credential each time. An unknown key id or a wrong token answers 401; a bad ttl 400; the
//        key id FAKE_TURN_FAILING_KEY_ID answers 500.
//   GET  /__requests?key=<key id>   the minting requests received for that key, oldest first:
//        {authorization, ttl, username} (the username it answered), for tests to check.

export const FAKE_TURN_KEY_ID = "fake-turn-key";
export const FAKE_TURN_KEY_API_TOKEN = "fake-turn-key-api-token-never-for-browsers";
export const FAKE_TURN_FAILING_KEY_ID = "fake-turn-key-failing";

export type FakeTurnRequest = { authorization: string | null; ttl: unknown; username: string | null };

declare module "vitest" {
  export interface ProvidedContext {
    fakeTurnUrl: string;
  }
}

const MINT = /^\/v1\/turn\/keys\/([^/]+)\/credentials\/generate-ice-servers$/;

export default async function setup(project: TestProject) {
  const requests = new Map<string, FakeTurnRequest[]>();
  const server = await startLoopbackServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { "Content-Type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (request.method === "GET" && url.pathname === "/__requests") return json(200, requests.get(url.searchParams.get("key") ?? "") ?? []);
    const mint = MINT.exec(url.pathname);
    if (request.method !== "POST" || !mint) return json(404, { error: "not found" });
    let body = "";
    request.setEncoding("utf8");
    for await (const chunk of request) body += chunk;
    const keyId = decodeURIComponent(mint[1]!);
    const authorization = request.headers.authorization ?? null;
    let ttl: unknown;
    try {
      ttl = (JSON.parse(body) as { ttl?: unknown }).ttl;
    } catch {
      ttl = undefined;
    }
    const seen = requests.get(keyId) ?? [];
    requests.set(keyId, seen);
    const record: FakeTurnRequest = { authorization, ttl, username: null };
    seen.push(record);
    if (keyId === FAKE_TURN_FAILING_KEY_ID) return json(500, { error: "internal error" });
    if (keyId !== FAKE_TURN_KEY_ID || authorization !== `Bearer ${FAKE_TURN_KEY_API_TOKEN}`) return json(401, { error: "unauthorised" });
    if (typeof ttl !== "number" || !Number.isInteger(ttl) || ttl <= 0) return json(400, { error: "ttl must be a positive integer" });
    record.username = `user-${crypto.randomUUID()}`;
    json(201, {
      iceServers: [
        { urls: ["stun:stun.cloudflare.com:3478", "stun:stun.cloudflare.com:53"] },
        {
          urls: [
            "turn:turn.cloudflare.com:3478?transport=udp",
            "turn:turn.cloudflare.com:53?transport=udp",
            "turn:turn.cloudflare.com:3478?transport=tcp",
            "turns:turn.cloudflare.com:5349?transport=tcp",
          ],
          username: record.username,
          credential: `credential-${crypto.randomUUID()}`,
        },
      ],
    });
  });
  project.provide("fakeTurnUrl", server.origin);
  return server.close;
}
